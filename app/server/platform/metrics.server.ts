import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

// What a Prometheus server scrapes from /metrics (metrics-endpoint.server.ts guards it): the
// answers by route, status and latency, the render cache's hits and misses and sign-in failures,
// plus Node's own process metrics. The gauges read from the database (the outbox's queue, the
// pool) are added by http/scrape-metrics.server.ts, so that this registry, which every domain
// may count into, reaches no database. One registry per process: each instance is its own
// scrape target.

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
