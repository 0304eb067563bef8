// One load case with autocannon: the same request from N keep-alive connections for a fixed
// time, after a warm-up run whose numbers are thrown away (JIT, route modules, database and
// render caches). Latencies are collected from every response at full precision (autocannon's
// own histogram keeps whole milliseconds and only 2xx answers).
import autocannon, { type AutocannonOptions } from "autocannon";
import { BROWSER_HEADERS } from "../harness/browser-headers.ts";

/** Seconds before autocannon gives up on a request and counts a timeout (an error). */
const REQUEST_TIMEOUT_S = 10;

export interface LoadResult {
  connections: number;
  durationS: number;
  responses: number;
  requestsPerSecond: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers with a status outside 200–299. */
  non2xx: number;
  statusCodes: Record<string, number>;
}

export function percentile(sorted: ArrayLike<number>, fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * fraction;
  const lower = sorted[Math.floor(position)] ?? 0;
  const upper = sorted[Math.ceil(position)] ?? lower;
  return lower + (upper - lower) * (position - Math.floor(position));
}

export function sortedLatencies(latencies: number[]): Float64Array {
  return Float64Array.from(latencies).sort();
}

/** Run autocannon once and collect every response's latency. */
export async function runAutocannon(options: AutocannonOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({ timeout: REQUEST_TIMEOUT_S, ...options });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const result = await instance;
  const sorted = sortedLatencies(latencies);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
  );
  return {
    connections: options.connections ?? 10,
    durationS: result.duration,
    responses: latencies.length,
    requestsPerSecond: result.duration > 0 ? latencies.length / result.duration : 0,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
}

/**
 * Warm up, then measure: GET `url` with the browser's headers from `connections` connections.
 * `beforeMeasuring` runs between the two (to read a counter that only the measured run counts).
 */
export async function measureUrl(
  url: string,
  connections: number,
  durationS: number,
  warmupS: number,
  beforeMeasuring: () => void = () => {},
): Promise<LoadResult> {
  const options = { url, connections, headers: BROWSER_HEADERS };
  await runAutocannon({ ...options, duration: warmupS });
  beforeMeasuring();
  return runAutocannon({ ...options, duration: durationS });
}
