// `npm run bench -- --pg --instances 2`: how the site scales behind Caddy (deploy/Caddyfile,
// HTTPS) on one PostgreSQL. For one instance and then for N: uncached pages (RENDER_CACHE=off,
// every request renders) and a mixed load with the render cache on (page views and 10 % quote
// submissions, every confirmed lead checked in the database), each at 50 connections. The load
// generator, Caddy and the instances share this machine's cores: the ratio says how much a
// second instance adds here, not on a bigger machine.
import os from "node:os";
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
  cluster: Awaited<ReturnType<typeof startCluster>>,
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
  await pause(durationS * 1000);
  return load.stop();
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
    });
  }
  return rows;
}
