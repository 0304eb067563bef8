// Shared by the maintenance scripts: build the app when needed, then load the server bundle,
// so a script uses exactly the code (and database configuration) the server runs.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type * as Site from "../app/server/http-app.server.ts";

export const projectRoot = path.resolve(import.meta.dirname, "..");

/** Run scripts/build-if-needed.ts; exit with its status when the build fails. */
export function buildIfNeeded(): void {
  const build = spawnSync(process.execPath, [path.join(projectRoot, "scripts/build-if-needed.ts")], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The built server module (build/server/index.js), building it first if needed. */
export async function loadBuiltSite(): Promise<typeof Site> {
  buildIfNeeded();
  return (await import(path.join(projectRoot, "build/server/index.js"))) as typeof Site;
}
