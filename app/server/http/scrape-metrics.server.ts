import { Gauge } from "prom-client";
import { startDatabase } from "../db/database.server";
import { metricsRegistry } from "../platform/metrics.server";

// The gauges a scrape reads from the database: the outbox's queue (shared by every instance) and
// this process's pool. They live beside the endpoint, their only reader, and not in the
// registry's module, which sits below the database.

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
