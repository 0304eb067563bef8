// `npm run bench -- --pg --instances 2`: how the site scales behind Caddy (deploy/Caddyfile,
// HTTPS) on one PostgreSQL. For one instance and then for N: uncached pages (RENDER_CACHE=off,
// every request renders) and a mixed load with the render cache on (page views and 10 % quote
// submissions, every confirmed lead checked in the database), each at 50 connections. The load
// generators, Caddy and the instances share this machine's cores: the ratio says how much a
// second instance adds here, not on a bigger machine. The uncached pages are asked for by wrk
// (wrk-load.ts), the lightest generator at hand, so that the cores go to what is measured; the
// mixed load needs to read each quote's answer and uses this process's HTTPS client
// (cluster-load.ts).
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { BROWSER_HEADERS } from "../harness/browser-headers.ts";
import { startLoad } from "../harness/cluster-load.ts";
import { startCluster } from "../harness/site-cluster.ts";
import { startWrk } from "../harness/wrk-load.ts";
import { processCpuSeconds } from "./bench-cpu.ts";

export const CLUSTER_CONNECTIONS = 50;
const WARMUP_MS = 3_000;

/** One measurement of uncached pages (RENDER_CACHE=off) from wrk. */
export interface UncachedRun {
  /** Runs go 1, N, N, 1 instances: round 1 is the first pair, round 2 the second. */
  round: number;
  instances: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** Load average (1 min) when the run ended. */
  load: number;
  /** Where the cores went: CPU seconds per second of the run, by part. */
  cpu: CpuShares;
}

/** The mixed load (render cache on, 10 % quote requests) for one number of instances. */
export interface MixedRun {
  instances: number;
  requestsPerSecond: number;
  failed: number;
  leadsConfirmed: number;
  leadsLost: number;
  load: number;
}

export interface ScalingResult {
  uncached: UncachedRun[];
  mixed: MixedRun[];
  /** N instances' uncached req/s over one instance's, in each round. */
  roundRatios: number[];
  /** Both rounds together: the N-instance runs' req/s summed over the one-instance runs'. */
  uncachedRatio: number;
  mixedRatio: number;
}

export interface CpuShares {
  instances: number;
  caddy: number;
  /** The load generator: wrk for the uncached pages, this process's TLS client for the mixed load. */
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

/** CPU seconds so far of each part; `generatorPid` is a load generator running beside this process. */
function cpuCounters(cluster: Cluster, generatorPid?: number): CpuShares {
  const cpu = (pid: number | undefined) => (pid === undefined ? 0 : (processCpuSeconds(pid) ?? 0));
  return {
    instances: cluster.instances.reduce((sum, instance) => sum + cpu(instance.pid()), 0),
    caddy: cpu(cluster.caddyPid),
    generator: cpu(process.pid) + cpu(generatorPid),
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

/** CPU seconds per second of each part between two readings `seconds` apart. */
function cpuShares(before: CpuShares, after: CpuShares, seconds: number): CpuShares {
  const share = (part: keyof CpuShares) => (after[part] - before[part]) / seconds;
  return {
    instances: share("instances"),
    caddy: share("caddy"),
    generator: share("generator"),
    postgres: share("postgres"),
  };
}

/** wrk exits when its time is up: its CPU is read this long before, while it still runs. */
const CPU_READING_MARGIN_MS = 250;

/** Uncached pages from wrk: warm up, then measure for `durationS`. */
async function measureUncached(cluster: Cluster, paths: string[], durationS: number) {
  const load = { url: cluster.url, paths, headers: BROWSER_HEADERS, connections: CLUSTER_CONNECTIONS };
  await startWrk({ ...load, durationS: WARMUP_MS / 1000 }).done;
  const run = startWrk({ ...load, durationS });
  const before = cpuCounters(cluster, run.pid);
  const started = performance.now();
  await pause(durationS * 1000 - CPU_READING_MARGIN_MS);
  const after = cpuCounters(cluster, run.pid);
  const cpu = cpuShares(before, after, (performance.now() - started) / 1000);
  const result = await run.done;
  return { ...result, failed: result.socketErrors + result.errorStatuses, cpu };
}

/** The mixed load from this process's HTTPS client: pages, and every tenth request a quote. */
async function measureMixed(
  cluster: Cluster,
  paths: string[],
  durationS: number,
  quotes: { prefix: string; token: string },
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
    quoteEvery: 10,
    quoteFields: (n) => ({
      name: "Carga de Teste",
      email: `${quotes.prefix}${n}@exemplo.com.br`,
      phone: "(41) 99999-0000",
      message: "Pedido da carga mista entre instâncias.",
      form_token: quotes.token,
    }),
  });
  const before = cpuCounters(cluster);
  const started = performance.now();
  await pause(durationS * 1000);
  const after = cpuCounters(cluster);
  const cpu = cpuShares(before, after, (performance.now() - started) / 1000);
  const tally = await load.stop();
  return { ...tally, cpu };
}

async function uncachedRun(options: ScalingOptions, round: number, instances: number): Promise<UncachedRun> {
  const cluster = await startCluster({ instances, env: { ...options.env, RENDER_CACHE: "off" } });
  try {
    const run = await measureUncached(cluster, options.uncachedPaths, options.durationS);
    return {
      round,
      instances,
      requestsPerSecond: run.requestsPerSecond,
      p50Ms: run.p50Ms,
      p99Ms: run.p99Ms,
      failed: run.failed,
      load: os.loadavg()[0] ?? 0,
      cpu: run.cpu,
    };
  } finally {
    await cluster.stop();
  }
}

async function mixedRun(options: ScalingOptions, instances: number): Promise<MixedRun> {
  const cluster = await startCluster({ instances, env: options.env });
  const prefix = `cluster-${instances}-${Date.now().toString(36)}-`;
  let tally: Awaited<ReturnType<typeof measureMixed>>;
  try {
    const contact = await cluster.request("/contato");
    const token = /name="form_token" value="([^"]+)"/.exec(contact.text)?.[1] ?? "";
    tally = await measureMixed(cluster, options.mixedPaths, options.mixedDurationS, { prefix, token });
  } finally {
    await cluster.stop();
  }
  const stored = await options.storedLeads(prefix);
  return {
    instances,
    requestsPerSecond: tally.rate,
    failed: tally.failed,
    leadsConfirmed: tally.quotesConfirmed.length,
    leadsLost: tally.quotesConfirmed.filter((email) => !stored.has(email)).length,
    load: os.loadavg()[0] ?? 0,
  };
}

const sumOf = (runs: UncachedRun[]) => runs.reduce((sum, run) => sum + run.requestsPerSecond, 0);

/**
 * Uncached pages twice for each count, in the order 1, N, N, 1, so that a drift of the machine
 * over the minutes (another process, the CPU's clock) weighs on both counts alike; then the mixed
 * load once for each.
 */
export async function measureScaling(options: ScalingOptions): Promise<ScalingResult> {
  const many = options.instances;
  const uncached = [
    await uncachedRun(options, 1, 1),
    await uncachedRun(options, 1, many),
    await uncachedRun(options, 2, many),
    await uncachedRun(options, 2, 1),
  ];
  const mixed = [await mixedRun(options, 1), await mixedRun(options, many)];
  const ratio = (runs: UncachedRun[]) =>
    sumOf(runs.filter((run) => run.instances === many)) / sumOf(runs.filter((run) => run.instances === 1));
  return {
    uncached,
    mixed,
    roundRatios: [1, 2].map((round) => ratio(uncached.filter((run) => run.round === round))),
    uncachedRatio: ratio(uncached),
    mixedRatio: (mixed[1]?.requestsPerSecond ?? 0) / (mixed[0]?.requestsPerSecond ?? 1),
  };
}
