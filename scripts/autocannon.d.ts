// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types and
// @types/autocannon is not installed). See node_modules/autocannon/README.md.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each send of this request with the connection's context; returns the request. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    /** Called with every response to this request (the body as autocannon read it, undecoded). */
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  export interface AutocannonResult {
    /** Seconds the run lasted. */
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  export default function autocannon(options: AutocannonOptions): Instance;
}
