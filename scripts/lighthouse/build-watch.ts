import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildIfNeeded } from "../../harness/built-site.ts";

// The working tree is shared: another `npm start` or `npm run build` may rebuild build/ while
// this measures (Vite empties build/client first, so the stylesheet 404s for a moment, and the
// server started here keeps the old server bundle). A run that overlaps a change of build/ is
// thrown away; the build is left to settle, brought up to date, and the server restarted.
const buildDir = path.join(path.resolve(import.meta.dirname, "../.."), "build");
export const MAX_BUILD_CHANGES = 5;

export function buildFingerprint(): string {
  return [".build-stamp", "client", "client/assets", "server"]
    .map((entry) => {
      const target = path.join(buildDir, entry);
      return existsSync(target) ? statSync(target).mtimeMs : 0;
    })
    .join("|");
}

/** Wait until nothing in build/ has moved for 5 s (at most 3 minutes), then build if still needed. */
export async function settleBuild(): Promise<void> {
  let last = buildFingerprint();
  let quietSince = Date.now();
  const deadline = Date.now() + 180_000;
  while (Date.now() - quietSince < 5_000 && Date.now() < deadline) {
    await sleep(1_000);
    const now = buildFingerprint();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    }
  }
  if (!buildIfNeeded()) throw new Error("a compilação falhou; veja as mensagens acima.");
}
