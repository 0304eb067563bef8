// Shared by the maintenance scripts: build the app when needed, then load the server bundle,
// so a script uses exactly the code (and database configuration) the server runs.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type * as Site from "../app/server/http-app.server.ts";

export const projectRoot = path.resolve(import.meta.dirname, "..");

/** Run scripts/build-if-needed.ts (its output goes to this terminal); false when the build failed. */
export function buildIfNeeded(): boolean {
  const build = spawnSync(process.execPath, [path.join(projectRoot, "scripts/build-if-needed.ts")], {
    stdio: "inherit",
  });
  return build.status === 0;
}

/** The built server module (build/server/index.js), building it first if needed. */
export async function loadBuiltSite(): Promise<typeof Site> {
  if (!buildIfNeeded()) process.exit(1);
  return (await import(path.join(projectRoot, "build/server/index.js"))) as typeof Site;
}
