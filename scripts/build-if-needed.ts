// `npm start` runs this first (and `npm run build` with --force): build when there is no build or when a source file is newer
// than the last build, so a fresh clone and an edited checkout both just work.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".build-stamp");
const sources = ["app", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));

const forced = process.argv.includes("--force");
if (!forced && existsSync(path.join(root, "build/server/index.js")) && builtAt >= changedAt) {
  process.exit(0);
}

console.log("Gerando a versão de produção do site (npm run build)...");
const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: "inherit" });
if (result.status !== 0) {
  console.error("A compilação falhou; veja as mensagens acima.");
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, new Date().toISOString());
