// For scripts that run the built site (benchmarks, size): build it when needed. Maintenance
// scripts (database, backup, admin) need no build: they import app/server/runtime/maintenance.server.ts.
import { spawnSync } from "node:child_process";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "..");

/** Run scripts/build-if-needed.ts (its output goes to this terminal); false when the build failed. */
export function buildIfNeeded(): boolean {
  const build = spawnSync(process.execPath, [path.join(projectRoot, "scripts/build-if-needed.ts")], {
    stdio: "inherit",
  });
  return build.status === 0;
}
