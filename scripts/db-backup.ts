// `npm run db:backup [-- --out <arquivo ou pasta>]`: a consistent copy of the SQLite database,
// taken while the site keeps serving, in $DATA_DIR/backups/site-AAAAMMDD-HHMMSS.db; checked
// (integrity_check, row counts) before it gets its final name. On PostgreSQL it prints the
// pg_dump / pg_restore commands instead and exits 2. Same configuration as the server
// (DATABASE_URL / DATABASE_SCHEMA / DATA_DIR).
// Runs the sources directly (app/server/runtime/maintenance.server.ts): no build needed.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import { runBackupCli } from "../app/server/runtime/maintenance.server.ts";

process.exitCode = await runBackupCli(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  // npm runs scripts from the project root; a relative --out means where the command was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
