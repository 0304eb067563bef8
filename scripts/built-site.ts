// For scripts that run the built site (benchmarks, size): build it when needed. Maintenance
// scripts (database, backup, admin) need no build: they import app/server/maintenance.server.ts.
import { spawnSync } from "node:child_process";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "..");

/** Run scripts/build-if-needed.ts; exit with its status when the build fails. */
export function buildIfNeeded(): void {
  const build = spawnSync(process.execPath, [path.join(projectRoot, "scripts/build-if-needed.ts")], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
