// Load through Caddy for the multi-instance scenarios (rolling restart, database outage) and
// the benchmark: many connections asking for pages and sending quote requests, counting every
// answer. A quote request counts as confirmed only when the visitor saw the success message.
import { Agent, request as httpsRequest } from "node:https";
import { BROWSER_HEADERS } from "./browser-headers.ts";

export const QUOTE_SUCCESS = "Mensagem enviada com sucesso!";

/**
 * The quote form's limits lifted for a load from one address: no minimum fill time, no
 * per-address or overall hourly cap (the load is thousands of requests from 127.0.0.1).
 */
export const QUOTES_UNLIMITED = {
  QUOTE_MIN_FILL_SECONDS: "0",
  QUOTE_RATE_LIMIT_PER_HOUR: "1000000",
  QUOTE_GLOBAL_LIMIT_PER_HOUR: "1000000",
};

export interface LoadOptions {
  /** https://… through Caddy. */
  url: string;
  /** Caddy's root certificate. */
  ca: string;
  connections: number;
  /** Pages asked for in turn. */
  paths: string[];
  /** Every `quoteEvery`-th request is a quote request (0: none). */
  quoteEvery?: number;
  /** The quote form's fields (with its token) for the n-th quote request. */
  quoteFields?: (n: number) => Record<string, string>;
}

export interface LoadTally {
  requests: number;
  /** Answers with a status below 500 (a page, a redirect, a refusal with a message). */
  answered: number;
  /** 5xx answers and requests with no answer at all (connection refused or reset). */
  failed: number;
  failures: Record<string, number>;
  /** E-mails of quote requests whose success the visitor saw. */
  quotesConfirmed: string[];
  /** Quote requests answered with a pt-BR refusal (4xx/503 with a message): not confirmed, not lost. */
  quotesRefused: number;
  /** The refusals by status and the message the visitor read, so a refusal can be explained. */
  refusals: Record<string, number>;
  /** Requests per second over the run. */
  rate: number;
}

interface Answer {
  status: number;
  text: string;
}

export interface RunningLoad {
  stop: () => Promise<LoadTally>;
  /** The counts so far. */
  tally: () => LoadTally;
}

export function startLoad(options: LoadOptions): RunningLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections, ca: options.ca });
  const started = Date.now();
  const tally: LoadTally = {
    requests: 0,
    answered: 0,
    failed: 0,
    failures: {},
    quotesConfirmed: [],
    quotesRefused: 0,
    refusals: {},
    rate: 0,
  };
  let stopping = false;
  let turn = 0;
  let quotes = 0;

  const send = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string; read?: boolean } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const request = httpsRequest(
        `${options.url}${path}`,
        { method: init.method ?? "GET", headers: init.headers, agent },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on("error", reject);
          // A page's body is only waited for: collecting and decoding it is the generator's CPU,
          // taken from the instances it measures.
          if (init.read === false) {
            response.on("end", () => resolve({ status, text: "" }));
            response.resume();
            return;
          }
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status, text: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error("timeout")));
      request.on("error", reject);
      request.end(init.body);
    });

  const fail = (reason: string) => {
    tally.failed++;
    tally.failures[reason] = (tally.failures[reason] ?? 0) + 1;
  };

  async function worker() {
    while (!stopping) {
      const n = turn++;
      const isQuote = Boolean(
        options.quoteEvery && options.quoteFields && n % (options.quoteEvery ?? 1) === 0,
      );
      tally.requests++;
      try {
        if (isQuote && options.quoteFields) {
          const fields = options.quoteFields(quotes++);
          const answer = await send("/contato", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: options.url },
            body: new URLSearchParams(fields).toString(),
          });
          if (answer.status >= 500 && answer.status !== 503) fail(`POST /contato ${answer.status}`);
          else {
            tally.answered++;
            if (answer.status === 200 && answer.text.includes(QUOTE_SUCCESS))
              tally.quotesConfirmed.push(fields.email ?? "");
            else {
              tally.quotesRefused++;
              const reason = `${answer.status} ${refusalMessage(answer.text)}`;
              tally.refusals[reason] = (tally.refusals[reason] ?? 0) + 1;
            }
          }
        } else {
          const path = options.paths[n % options.paths.length] as string;
          // Asked as a phone's browser asks (compressed, as the single-server bench does).
          const answer = await send(path, { headers: BROWSER_HEADERS, read: false });
          if (answer.status >= 500) fail(`GET ${path} ${answer.status}`);
          else tally.answered++;
        }
      } catch (error) {
        fail((error as NodeJS.ErrnoException).code ?? (error as Error).message);
      }
    }
  }

  const workers = Array.from({ length: options.connections }, () => worker());
  const snapshot = (): LoadTally => ({
    ...tally,
    failures: { ...tally.failures },
    refusals: { ...tally.refusals },
    quotesConfirmed: [...tally.quotesConfirmed],
    rate: tally.requests / Math.max(0.001, (Date.now() - started) / 1000),
  });
  return {
    tally: snapshot,
    stop: async () => {
      stopping = true;
      await Promise.all(workers);
      agent.destroy();
      return snapshot();
    },
  };
}

/** What a refused quote request told the visitor: its alert, or else the page's title. */
function refusalMessage(html: string): string {
  const alert = /role="alert"[^>]*>([\s\S]*?)<\/(?:p|div|section)>/.exec(html)?.[1];
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const text = (alert ?? title ?? html.slice(0, 120))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, 160);
}
