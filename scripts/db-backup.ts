// `npm run db:backup [-- --out <arquivo ou pasta>]`: a consistent copy of the SQLite database,
// taken while the site keeps serving, in $DATA_DIR/backups/site-AAAAMMDD-HHMMSS.db; checked
// (integrity_check, row counts) before it gets its final name. On PostgreSQL it prints the
// pg_dump / pg_restore commands instead and exits 2. Same configuration as the server
// (DATABASE_URL / DATABASE_SCHEMA / DATA_DIR).
import { spawnSync } from "node:child_process";
import path from "node:path";
import type * as Site from "../app/server/http-app.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const build = spawnSync(process.execPath, [path.join(root, "scripts/build-if-needed.ts")], {
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);
const site = (await import(path.join(root, "build/server/index.js"))) as typeof Site;

process.exitCode = await site.runBackupCli(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  // npm runs scripts from the project root; a relative --out means where the command was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
