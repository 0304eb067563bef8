// `npm run bench -- --pg --instances 2`: how the site scales behind Caddy (deploy/Caddyfile,
// HTTPS) on one PostgreSQL. For one instance and then for N: uncached pages (RENDER_CACHE=off,
// every request renders) and a mixed load with the render cache on (page views and 10 % quote
// submissions, every confirmed lead checked in the database), each at 50 connections. The load
// generator, Caddy and the instances share this machine's cores: the ratio says how much a
// second instance adds here, not on a bigger machine.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { processCpuSeconds } from "./bench-cpu.ts";
import { startLoad } from "./cluster-load.ts";
import { startCluster } from "./site-cluster.ts";

export const CLUSTER_CONNECTIONS = 50;
const WARMUP_MS = 3_000;

export interface ScalingRow {
  instances: number;
  uncachedRequestsPerSecond: number;
  uncachedFailed: number;
  mixedRequestsPerSecond: number;
  mixedFailed: number;
  leadsConfirmed: number;
  leadsLost: number;
  /** Load average (1 min) when the case ended. */
  load: number;
  /** Where the cores went during the uncached load: CPU seconds per second of it, by part. */
  uncachedCpu: CpuShares;
}

export interface CpuShares {
  instances: number;
  caddy: number;
  /** This process: the load generator (TLS client). */
  generator: number;
  postgres: number;
}

/** CPU seconds used so far by every PostgreSQL process on the machine (server and backends). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    total += processCpuSeconds(Number(entry)) ?? 0;
  }
  return total;
}

type Cluster = Awaited<ReturnType<typeof startCluster>>;

function cpuCounters(cluster: Cluster): CpuShares {
  const cpu = (pid: number | undefined) => (pid === undefined ? 0 : (processCpuSeconds(pid) ?? 0));
  return {
    instances: cluster.instances.reduce((sum, instance) => sum + cpu(instance.pid()), 0),
    caddy: cpu(cluster.caddyPid),
    generator: cpu(process.pid),
    postgres: postgresCpuSeconds(),
  };
}

export interface ScalingOptions {
  /** The seeded database and the servers' settings (quote limits, no e-mail). */
  env: Record<string, string>;
  instances: number;
  durationS: number;
  mixedDurationS: number;
  /** Pages for the uncached load (an article, the lists). */
  uncachedPaths: string[];
  mixedPaths: string[];
  /** The e-mails of leads stored so far with this prefix (lost-lead check). */
  storedLeads: (prefix: string) => Promise<Set<string>>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureLoad(
  cluster: Cluster,
  paths: string[],
  durationS: number,
  quotes?: { prefix: string; token: string },
) {
  const warm = startLoad({
    url: cluster.url,
    ca: cluster.caCertificate,
    connections: CLUSTER_CONNECTIONS,
    paths,
  });
  await pause(WARMUP_MS);
  await warm.stop();
  const load = startLoad({
    url: cluster.url,
    ca: cluster.caCertificate,
    connections: CLUSTER_CONNECTIONS,
    paths,
    quoteEvery: quotes ? 10 : 0,
    quoteFields: quotes
      ? (n) => ({
          name: "Carga de Teste",
          email: `${quotes.prefix}${n}@exemplo.com.br`,
          phone: "(41) 99999-0000",
          message: "Pedido da carga mista entre instâncias.",
          form_token: quotes.token,
        })
      : undefined,
  });
  const before = cpuCounters(cluster);
  const started = performance.now();
  await pause(durationS * 1000);
  const after = cpuCounters(cluster);
  const seconds = (performance.now() - started) / 1000;
  const share = (part: keyof CpuShares) => (after[part] - before[part]) / seconds;
  const tally = await load.stop();
  return {
    ...tally,
    cpu: {
      instances: share("instances"),
      caddy: share("caddy"),
      generator: share("generator"),
      postgres: share("postgres"),
    },
  };
}

export async function measureScaling(options: ScalingOptions): Promise<ScalingRow[]> {
  const rows: ScalingRow[] = [];
  for (const instances of [...new Set([1, options.instances])]) {
    const uncached = await startCluster({ instances, env: { ...options.env, RENDER_CACHE: "off" } });
    let uncachedTally: Awaited<ReturnType<typeof measureLoad>>;
    try {
      uncachedTally = await measureLoad(uncached, options.uncachedPaths, options.durationS);
    } finally {
      await uncached.stop();
    }
    const mixed = await startCluster({ instances, env: options.env });
    let mixedTally: Awaited<ReturnType<typeof measureLoad>>;
    const prefix = `cluster-${instances}-${Date.now().toString(36)}-`;
    try {
      const contact = await mixed.request("/contato");
      const token = /name="form_token" value="([^"]+)"/.exec(contact.text)?.[1] ?? "";
      mixedTally = await measureLoad(mixed, options.mixedPaths, options.mixedDurationS, { prefix, token });
    } finally {
      await mixed.stop();
    }
    const stored = await options.storedLeads(prefix);
    rows.push({
      instances,
      uncachedRequestsPerSecond: uncachedTally.rate,
      uncachedFailed: uncachedTally.failed,
      mixedRequestsPerSecond: mixedTally.rate,
      mixedFailed: mixedTally.failed,
      leadsConfirmed: mixedTally.quotesConfirmed.length,
      leadsLost: mixedTally.quotesConfirmed.filter((email) => !stored.has(email)).length,
      load: os.loadavg()[0] ?? 0,
      uncachedCpu: uncachedTally.cpu,
    });
  }
  return rows;
}
