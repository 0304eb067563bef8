// `npm start` runs this first (and `npm run build` with --force): build when there is no build or
// when a source changed since the last build, so a fresh clone and an edited checkout both just
// work. The source folders count by modification time; package-lock.json by its content, since
// `npm prune --omit=dev` (the production install, docs/operations.md) rewrites it unchanged.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".build-stamp");
const sources = ["app", "public", "vite.config.ts", "react-router.config.ts"];
const lockfile = path.join(root, "package-lock.json");
const buildTool = path.join(root, "node_modules/@react-router/dev/bin.cjs");

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

const lockfileHash = () => createHash("sha256").update(readFileSync(lockfile)).digest("hex");

/** The stamp holds the dependencies the build was made with; an older stamp (a date) holds none. */
function stampedLockfileHash(): string | undefined {
  try {
    return (JSON.parse(readFileSync(stamp, "utf8")) as { lockfile?: string }).lockfile;
  } catch {
    return undefined;
  }
}

function upToDate(): boolean {
  if (!existsSync(path.join(root, "build/server/index.js")) || !existsSync(stamp)) return false;
  const builtAt = statSync(stamp).mtimeMs;
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return builtAt >= changedAt && stampedLockfileHash() === lockfileHash();
}

if (!process.argv.includes("--force") && upToDate()) process.exit(0);

if (!existsSync(buildTool)) {
  console.error(
    "A versão de produção do site (build/) falta ou está desatualizada, e as ferramentas que a geram não " +
      "estão instaladas (instalação de produção, sem as dependências de desenvolvimento). Gere-a de novo: " +
      "npm ci && npm run build && npm prune --omit=dev",
  );
  process.exit(1);
}

console.log("Gerando a versão de produção do site (npm run build)...");
// Always React's production build: called from Vitest's set-up, this process has NODE_ENV=test,
// and a build that inherits it ships React's development bundle to every page.
const result = spawnSync(process.execPath, [buildTool, "build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (result.status !== 0) {
  console.error("A compilação falhou; veja as mensagens acima.");
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, JSON.stringify({ builtAt: new Date().toISOString(), lockfile: lockfileHash() }));
