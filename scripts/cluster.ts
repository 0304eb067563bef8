// `npm run cluster -- --instances N`: N instances of the production server on this machine
// behind Caddy (deploy/Caddyfile, HTTPS from Caddy's own CA on 127.0.0.1), as in production.
// With more than one instance the database must be PostgreSQL (DATABASE_URL). Ctrl-C stops all.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import path from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../harness/built-site.ts";
import { startCluster } from "../harness/site-cluster.ts";

const USAGE = "Uso: npm run cluster -- [--instances N] [--port 8443]";

let instances: number;
let port: number | undefined;
try {
  const { values } = parseArgs({
    options: { instances: { type: "string", default: "2" }, port: { type: "string" } },
  });
  instances = Number(values.instances);
  port = values.port === undefined ? undefined : Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16)
    throw new Error("--instances: de 1 a 16");
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65_536))
    throw new Error("--port: uma porta");
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (instances > 1 && !process.env.DATABASE_URL?.startsWith("postgres")) {
  console.error(
    "Várias instâncias precisam compartilhar um PostgreSQL: defina DATABASE_URL (no .env ou no ambiente).",
  );
  process.exit(2);
}

const workDir = path.join(projectRoot, "data", "cluster");
const cluster = await startCluster({ instances, workDir, httpsPort: port });
console.log(
  [
    `Site no ar em ${cluster.url} (Caddy, HTTPS com a CA própria do Caddy), com ${instances} instância(s):`,
    ...cluster.instances.map(
      (instance, n) => `  ${n + 1}. ${instance.url} (log em data/cluster/instancia-${n + 1}.log)`,
    ),
    `Certificado raiz do Caddy: ${path.join(workDir, "caddy/data/caddy/pki/authorities/local/root.crt")}`,
    "Ctrl-C encerra tudo.",
  ].join("\n"),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await cluster.stop();
    process.exit(0);
  });
}
