import { spawnSync } from "node:child_process";
import path from "node:path";

// Vitest's global set-up: the tests that start a production server (`startServer`, the backup
// and crash tests…) need `build/`. It is made once, before any file runs, when it is missing or
// older than the sources, so any file passes alone on a fresh clone and no file depends on
// another having built it first. Playwright's webServer runs the same script.

const root = path.resolve(import.meta.dirname, "../..");

export default function buildWhenStale(): void {
  const build = spawnSync(process.execPath, [path.join(root, "scripts/build-if-needed.ts")], {
    cwd: root,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`the production build failed:\n${build.stdout}\n${build.stderr}`);
}
