// `npm run db:restore <arquivo>`: put a backup made by `npm run db:backup` back in place of the
// SQLite database. The site must be stopped. The backup is checked first (SQLite, integrity,
// this site's schema, not from a newer version); the current database is kept as
// site.db.before-restore-AAAAMMDD-HHMMSS. SQLite only: on PostgreSQL it prints the pg_restore
// command and exits 2.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type * as Site from "../app/server/http-app.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const build = spawnSync(process.execPath, [path.join(root, "scripts/build-if-needed.ts")], {
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);
const site = (await import(path.join(root, "build/server/index.js"))) as typeof Site;

process.exitCode = await site.runRestoreCli(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  // npm runs scripts from the project root; a relative path means where the command was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
