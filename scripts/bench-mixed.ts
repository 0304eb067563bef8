// The mixed load: 100 connections, 90% page views spread over the public
// pages and 10% quote submissions, then a count of the leads in the database: every submission
// that was answered with success must be there.
//
// How the mix is made: one autocannon run whose single request entry decides, from a counter
// shared by all connections, what each request is: every tenth one is a submission, the others
// walk through the page list. So exactly 10% of the requests sent are submissions, spread over
// all connections, and views and submissions compete for the same connections as real visitors
// do. (Two autocannon runs side by side, 90 and 10 connections, would instead fix the share of
// connections: the share of submissions would then follow their latency, not the 10% asked for.)
// Latency per kind is measured from setupRequest (just before autocannon writes the request) to
// onResponse (the whole answer read), with the kind kept in the connection's context; with one
// request in flight per connection (no pipelining) the two always belong to the same request.
//
// Submissions post what the browser posts without JavaScript: the form's fields, urlencoded,
// with Origin and Referer of the site and a form token taken from /contato beforehand and left
// to age past the minimum fill time. Every submission has its own e-mail address, so none is a
// duplicate the site would (rightly) store once. A success is HTTP 200: the quote action answers
// 200 only when the request was stored (outcome "sent"); the compressed body is not decoded.
import { setTimeout as sleep } from "node:timers/promises";
import autocannon, { type AutocannonRequest } from "autocannon";
import { quoteServiceOptions } from "../app/content/quote-services.ts";
import { BROWSER_HEADERS } from "../harness/browser-headers.ts";
import { percentile, sortedLatencies } from "./bench-load.ts";

export const MIXED_CONNECTIONS = 100;
/** One request in this many is a quote submission. */
const SUBMIT_EVERY = 10;
/** Set explicitly on the bench server (it is the default) so the wait below matches it. */
export const MIN_FILL_SECONDS = 3;
/**
 * Form tokens fetched before the load, used in turn. A token may be posted more than once, but a
 * visitor's form is theirs: with a few tokens behind thousands of submissions, each would have
 * to be compared with hundreds of earlier ones posted from "the same form" (lead-repeats.server.ts).
 */
const TOKENS = 200;
const REQUEST_TIMEOUT_S = 10;
export const LEAD_EMAIL_LIKE = "carga-%@exemplo.com.br";
/**
 * Every page view of the mixed load carries this campaign tag, so its views can be told apart
 * from the other cases' in the visit counts (pages ignore the tag: the same cached answers).
 */
export const MIXED_CAMPAIGN = "carga-mista";

type Kind = "view" | "submit";

export interface KindStats {
  responses: number;
  p50Ms: number | null;
  p99Ms: number | null;
  /** Answers outside 2xx and 3xx. */
  failedAnswers: number;
  statusCodes: Record<string, number>;
}

export interface MixedResult {
  connections: number;
  durationS: number;
  pages: string[];
  responses: number;
  requestsPerSecond: number;
  /** Connection errors and timeouts (autocannon's count). */
  errors: number;
  timeouts: number;
  views: KindStats;
  submissions: KindStats;
  /** Page views answered 200, warm-up included: each must be in the visit counts. */
  viewsAnswered: number;
  leads: {
    /** Submissions answered with success, warm-up included. */
    answeredSuccess: number;
    /** Of those, the ones missing from the database. Must be 0. */
    lost: number;
    /** Leads stored whose answer was not a success or never arrived (in flight when the run ended). */
    storedWithoutSuccessAnswer: number;
  };
}

interface KindRecorder {
  latencies: number[];
  statusCodes: Map<number, number>;
}

function summarize(recorder: KindRecorder): KindStats {
  const sorted = sortedLatencies(recorder.latencies);
  let failedAnswers = 0;
  for (const [status, count] of recorder.statusCodes)
    if (status < 200 || status >= 400) failedAnswers += count;
  return {
    responses: recorder.latencies.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    failedAnswers,
    statusCodes: Object.fromEntries([...recorder.statusCodes].map(([status, n]) => [String(status), n])),
  };
}

/** Tokens from the quote form as served to a visitor. */
async function fetchFormTokens(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const html = await (await fetch(new URL("/contato", baseUrl), { headers: BROWSER_HEADERS })).text();
    const token = html.match(/name="form_token" value="([^"]+)"/)?.[1];
    if (!token) throw new Error("a página /contato veio sem o token do formulário");
    tokens.push(token);
  }
  return tokens;
}

/** "(41) 9dddd-dddd", a mobile number of its own for the n-th visitor. */
function visitorPhone(n: number): string {
  const digits = String(n % 100_000_000).padStart(8, "0");
  return `(41) 9${digits.slice(0, 4)}-${digits.slice(4)}`;
}

function quoteBody(token: string, email: string, n: number): string {
  // The fields in the form's order, as a browser encodes them (the honeypot left empty).
  return new URLSearchParams({
    form_token: token,
    website: "",
    name: `Visitante de Carga ${n}`,
    email,
    // A phone of each visitor's own: one phone behind thousands of requests would make each
    // a repeat of the ones before (lead-repeats.server.ts), which no real load looks like.
    phone: visitorPhone(n),
    condominium: `Condomínio Edifício Araucária ${n % 50}`,
    service: quoteServiceOptions[n % quoteServiceOptions.length] ?? "",
    message: `Infiltração na garagem do subsolo, bloco ${n % 7}.\nPrecisamos de uma visita técnica.`,
  }).toString();
}

export interface MixedOptions {
  baseUrl: string;
  pages: string[];
  durationS: number;
  warmupS: number;
  /** The e-mails of the leads stored so far matching LEAD_EMAIL_LIKE. */
  storedEmails: () => Promise<Set<string>>;
}

export async function runMixedLoad(options: MixedOptions): Promise<MixedResult> {
  const { baseUrl, pages } = options;
  const origin = new URL(baseUrl).origin;
  const tokens = await fetchFormTokens(baseUrl, TOKENS);
  const tokensReadyAt = performance.now() + (MIN_FILL_SECONDS + 1) * 1000;

  const recorders: Record<Kind, KindRecorder> = {
    view: { latencies: [], statusCodes: new Map() },
    submit: { latencies: [], statusCodes: new Map() },
  };
  let recording = false;
  let issued = 0;
  let views = 0;
  let viewsAnswered = 0;
  const successEmails = new Set<string>();

  const mixed: AutocannonRequest = {
    setupRequest: (request, context) => {
      const n = issued++;
      context.sentAt = performance.now();
      if (n % SUBMIT_EVERY === SUBMIT_EVERY - 1) {
        const email = `carga-${n}@exemplo.com.br`;
        context.kind = "submit";
        context.email = email;
        request.method = "POST";
        request.path = "/contato";
        request.headers = {
          ...request.headers,
          "content-type": "application/x-www-form-urlencoded",
          origin,
          referer: `${origin}/contato`,
        };
        request.body = quoteBody(tokens[n % tokens.length] ?? "", email, n);
      } else {
        context.kind = "view";
        request.method = "GET";
        const page = pages[views++ % pages.length] ?? "/";
        request.path = `${page}${page.includes("?") ? "&" : "?"}utm_campaign=${MIXED_CAMPAIGN}`;
      }
      return request;
    },
    onResponse: (status, _body, context) => {
      const kind = context.kind as Kind;
      if (kind === "submit" && status === 200) successEmails.add(String(context.email));
      if (kind === "view" && status === 200) viewsAnswered++;
      if (!recording) return;
      const recorder = recorders[kind];
      recorder.latencies.push(performance.now() - Number(context.sentAt));
      recorder.statusCodes.set(status, (recorder.statusCodes.get(status) ?? 0) + 1);
    },
  };
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections: MIXED_CONNECTIONS,
      duration,
      timeout: REQUEST_TIMEOUT_S,
      headers: BROWSER_HEADERS,
      requests: [mixed],
    });

  // The tokens must be older than the minimum fill time before the first submission.
  await sleep(Math.max(0, tokensReadyAt - performance.now()));
  await run(options.warmupS);
  recording = true;
  const result = await run(options.durationS);
  recording = false;

  // Answers arrive only after the commit; the wait lets requests cut off at the end finish.
  await sleep(1000);
  const stored = await options.storedEmails();
  let lost = 0;
  for (const email of successEmails) if (!stored.has(email)) lost++;
  const viewStats = summarize(recorders.view);
  const submitStats = summarize(recorders.submit);
  const responses = viewStats.responses + submitStats.responses;
  return {
    connections: MIXED_CONNECTIONS,
    durationS: result.duration,
    pages,
    responses,
    requestsPerSecond: result.duration > 0 ? responses / result.duration : 0,
    errors: result.errors,
    timeouts: result.timeouts,
    views: viewStats,
    submissions: submitStats,
    viewsAnswered,
    leads: {
      answeredSuccess: successEmails.size,
      lost,
      storedWithoutSuccessAnswer: [...stored].filter((email) => !successEmails.has(email)).length,
    },
  };
}
