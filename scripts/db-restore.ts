// `npm run db:restore <arquivo>`: put a backup made by `npm run db:backup` back in place of the
// SQLite database. The site must be stopped. The backup is checked first (SQLite, integrity,
// this site's schema, not from a newer version); the current database is kept as
// site.db.before-restore-AAAAMMDD-HHMMSS. SQLite only: on PostgreSQL it prints the pg_restore
// command and exits 2.
// Runs the sources directly (app/server/runtime/maintenance.server.ts): no build needed.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import { runRestoreCli } from "../app/server/runtime/maintenance.server.ts";

process.exitCode = await runRestoreCli(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  // npm runs scripts from the project root; a relative path means where the command was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
