// `npm run db:reapply-erasures`: after a restore that npm run db:restore did not make itself
// (pg_restore on PostgreSQL), delete again the quote requests whose owners asked to be erased
// (LGPD). `-- --save <arquivo>` before the restore keeps the current erasure log in a file;
// `-- <arquivo>` after it puts that log back and re-applies it. Same configuration as the
// server (DATABASE_URL / DATABASE_SCHEMA / DATA_DIR).
// Runs the sources directly (app/server/runtime/maintenance.server.ts): no build needed.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import { runReapplyErasuresCli } from "../app/server/runtime/maintenance.server.ts";

process.exitCode = await runReapplyErasuresCli(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  // npm runs scripts from the project root; a relative path means where the command was typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
