import type { BenchServer } from "../../harness/bench-server.ts";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { type CapturedResponse, captureResponse, headerBytes, startCeiling } from "../bench-ceiling.ts";
import { cleanups } from "../cleanups.ts";
import { type Check, CONNECTIONS, checkPage, measureCase, type Row } from "./cases.ts";
import type { BenchRun } from "./runner.ts";

/** A page the render cache answers, measured against a ceiling of its own. */
export interface CachedPage {
  /** The case's name in the tables: "/", "artigo", "obra (12 fotos)". */
  name: string;
  path: string;
  check: Check;
  /** The ceiling's case, when not "teto (name)". */
  ceilingName?: string;
  /** Connection counts of its ceiling: 50 (the target's) unless said otherwise. */
  ceilingConnections?: readonly number[];
}

/** What a page's ceiling answered, as the report keeps it. */
export interface PageCeiling {
  case: string;
  path: string;
  status: number;
  bodyBytes: number;
  /** The header lines it wrote from the site's answer (`Name: value\r\n` each). */
  headerBytes: number;
  contentType: string;
  contentEncoding: string | null;
  /** The site's headers it replays (name, value, ...), without those Node writes itself. */
  headers: string[];
}

/** The connections the targets are read at; the site's and the ceiling's rounds alternate there. */
const TARGET_CONNECTIONS = 50;

/**
 * The round with the most requests per second, carrying every round's failures (a failed
 * request in any round fails the case) and the highest peak memory of them all.
 */
function fastest(rounds: Row[]): Row {
  const best = rounds.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const total = (pick: (round: Row) => number) => rounds.reduce((sum, round) => sum + pick(round), 0);
  const peaks = rounds.map((round) => round.peakRssMb).filter((mb): mb is number => mb !== null);
  return {
    ...best,
    errors: total((round) => round.errors),
    timeouts: total((round) => round.timeouts),
    non2xx: total((round) => round.non2xx),
    peakRssMb: peaks.length ? Math.max(...peaks) : null,
  };
}

const ceilingCase = (page: CachedPage) => page.ceilingName ?? `teto (${page.name})`;

function headerValue(headers: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < headers.length; i += 2) {
    if (headers[i]?.toLowerCase() === name) return headers[i + 1];
  }
  return undefined;
}

/** The exact answer the site sends a browser for `page`, from its render cache. */
async function captureCached(server: BenchServer, page: CachedPage): Promise<CapturedResponse> {
  const url = new URL(page.path, server.url).href;
  await checkPage(url, page.check); // also puts it in the render cache
  const captured = await captureResponse(url, BROWSER_HEADERS);
  if (captured.status !== 200) throw new Error(`${page.path}: HTTP ${captured.status} ao capturar o teto`);
  // The load gets the stored answer; a page the cache did not keep would be measured rendering.
  const state = headerValue(captured.headers, "x-render-cache");
  if (state !== "hit")
    throw new Error(
      `${page.path}: a resposta capturada não veio do cache (${state ?? "sem X-Render-Cache"})`,
    );
  return captured;
}

/**
 * Each page on the site (at 1 and 50 connections), then at once on its ceiling: one bare
 * node:http process answering every page's captured bytes and headers by path
 * (bench-ceiling-server.ts). Measuring each page's ceiling right after it hands both the same
 * drift of the machine's speed.
 */
export async function measureCachedPages(
  run: BenchRun,
  server: BenchServer,
  pages: readonly CachedPage[],
  memory: { takeCasePeakMb: () => number | null } | null,
): Promise<{ rows: Row[]; ceilings: PageCeiling[] }> {
  const captured: CapturedResponse[] = [];
  for (const page of pages) captured.push(await captureCached(server, page));
  const ceiling = await startCeiling(captured, run.workDir);
  cleanups.push(() => ceiling.stop());
  const rows: Row[] = [];
  for (const page of pages) {
    const durationS = run.options.durationS;
    const site = (connections: readonly number[]) =>
      measureCase(page.name, "site", server.url, page.path, durationS, memory, server.pid, connections);
    const bare = (connections: readonly number[]) =>
      measureCase(
        ceilingCase(page),
        "teto",
        ceiling.url,
        page.path,
        durationS,
        null,
        ceiling.pid,
        connections,
      );
    const ceilingConnections = page.ceilingConnections ?? [TARGET_CONNECTIONS];
    const alone = ceilingConnections.filter((connections) => connections !== TARGET_CONNECTIONS);
    rows.push(...(await site(CONNECTIONS.filter((connections) => connections !== TARGET_CONNECTIONS))));
    if (alone.length) rows.push(...(await bare(alone)));
    // At the target's 50 connections, in the order site, ceiling, ceiling, site: a drift of the
    // machine's speed during the four hits both sides alike, and each side's faster round is the
    // one less slowed by other work (docs/benchmarks.md, "The ceilings").
    const target = [TARGET_CONNECTIONS] as const;
    const siteRounds = [...(await site(target))];
    const bareRounds = [...(await bare(target)), ...(await bare(target))];
    siteRounds.push(...(await site(target)));
    rows.push(fastest(siteRounds), fastest(bareRounds));
  }
  await ceiling.stop();
  const ceilings = pages.map((page, i): PageCeiling => {
    const answer = captured[i] as CapturedResponse;
    return {
      case: ceilingCase(page),
      path: page.path,
      status: answer.status,
      bodyBytes: answer.body.length,
      headerBytes: headerBytes(answer.headers),
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
      headers: answer.headers,
    };
  });
  return { rows, ceilings };
}
