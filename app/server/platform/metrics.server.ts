import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { startDatabase } from "../db/database.server";

// What a Prometheus server scrapes from /metrics (metrics-endpoint.server.ts guards it): the
// answers by route, status and latency, the render cache's hits and misses, the outbox's queue,
// the database pool and sign-in failures, plus Node's own process metrics. One registry per
// process: each instance is its own scrape target.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const answers = new Counter({
  name: "http_requests_total",
  help: "Respostas enviadas, por rota, método e status.",
  labelNames: ["route", "method", "status"] as const,
  registers: [metricsRegistry],
});

const latency = new Histogram({
  name: "http_request_duration_seconds",
  help: "Tempo até a resposta começar a ser enviada, por rota.",
  labelNames: ["route", "method"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metricsRegistry],
});

const renderCache = new Counter({
  name: "render_cache_requests_total",
  help: "Páginas públicas servidas do cache de renderização (hit) ou renderizadas para ele (miss).",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

const signInFailures = new Counter({
  name: "sign_in_failures_total",
  help: "Tentativas de entrada recusadas: senha errada ou e-mail desconhecido, ou limite de tentativas.",
  labelNames: ["reason"] as const,
  registers: [metricsRegistry],
});

/** Read at each scrape: the queue lives in the database, shared by every instance. */
new Gauge({
  name: "outbox_pending_messages",
  help: "E-mails na fila de saída ainda não enviados.",
  registers: [metricsRegistry],
  async collect() {
    const pending = await outboxQueue();
    this.set(pending?.count ?? 0);
  },
});

new Gauge({
  name: "outbox_oldest_pending_age_seconds",
  help: "Idade do e-mail mais antigo ainda não enviado (0 com a fila vazia).",
  registers: [metricsRegistry],
  async collect() {
    const pending = await outboxQueue();
    const oldest = pending?.oldest ? Date.parse(pending.oldest) : Number.NaN;
    this.set(Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0);
  },
});

new Gauge({
  name: "database_pool_connections",
  help: "Conexões do pool do PostgreSQL: total, ociosas, e pedidos esperando uma conexão.",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  async collect() {
    const use = await startDatabase().then(
      (handle) => handle.poolUse?.(),
      () => undefined,
    );
    if (!use) return;
    this.set({ state: "total" }, use.total);
    this.set({ state: "idle" }, use.idle);
    this.set({ state: "waiting" }, use.waiting);
  },
});

type OutboxQueue = { count: number; oldest: string | null } | undefined;

// Both outbox gauges share one query per scrape (scrapeMetrics starts it).
let queueRead: Promise<OutboxQueue> | undefined;
function outboxQueue(): Promise<OutboxQueue> {
  queueRead ??= readOutboxQueue();
  return queueRead;
}

/** The Prometheus text of this process, read now. */
export async function scrapeMetrics(): Promise<string> {
  queueRead = readOutboxQueue();
  return metricsRegistry.metrics();
}

async function readOutboxQueue(): Promise<OutboxQueue> {
  try {
    const { db } = await startDatabase();
    const row = await db
      .selectFrom("outbox")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min("created_at").as("oldest")])
      .where("sent_at", "is", null)
      .executeTakeFirst();
    return row ? { count: Number(row.count), oldest: row.oldest ?? null } : undefined;
  } catch {
    // The database is away: the scrape still answers, without these two.
    return undefined;
  }
}

/** One answer the site sent: counted by route, method and status, timed, and its cache result. */
export function recordAnswer(
  route: string,
  method: string,
  status: number,
  seconds: number,
  cacheResult: string | null,
): void {
  answers.inc({ route, method, status: String(status) });
  latency.observe({ route, method }, seconds);
  if (cacheResult === "hit" || cacheResult === "miss") renderCache.inc({ result: cacheResult });
}

export function recordSignInFailure(reason: "credentials" | "rate-limited" | "second-factor"): void {
  signInFailures.inc({ reason });
}
