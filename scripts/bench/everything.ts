import os from "node:os";
import path from "node:path";
import { staticSitemapPaths } from "../../app/lib/sitemap-pages.ts";
import * as site from "../../app/server/runtime/maintenance.server.ts";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import { ADMIN_LIST_TARGETS } from "../bench-admin.ts";
import { type PreparedDatabase, storedLeadEmails } from "../bench-database.ts";
import { decimal, integer, optional, printTable } from "../bench-format.ts";
import { watchImageProcesses, watchMemory } from "../bench-memory.ts";
import { LEAD_EMAIL_LIKE, MIXED_CONNECTIONS, runMixedLoad } from "../bench-mixed.ts";
import { BENCH_WORK_PATH } from "../bench-work.ts";
import { measureAdminCases } from "./admin.ts";
import { type CachedPage, measureCachedPages } from "./cached-pages.ts";
import { type Check, CONNECTIONS, contains, type Row, WARMUP_SECONDS } from "./cases.ts";
import { COUNTING_TARGET, measureCounting, printCounting } from "./counting.ts";
import { meetsBound } from "./margins.ts";
import { measureMediaCases } from "./media.ts";
import { mixedCounts, mixedLoadPages, printMixed, printMixedCounts } from "./mixed.ts";
import {
  caseColumns,
  missedRows,
  printCeilings,
  printImageProcessMemory,
  printMemory,
  printOutcome,
  reportFailures,
  reportHeader,
  writeReport,
} from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { measureSearch } from "./search.ts";
import { applyTargets, metRowBounds, TARGETS } from "./targets.ts";
import { measureUncachedArticle } from "./uncached.ts";
import { seedWork, WORK_PAGE } from "./work-page.ts";

const reportPath = path.join(projectRoot, "bench/report.json");
const BLOG_HEADING = "Conhecimento para cuidar do seu condomínio";

/** How many works the sitemap lists (the demo works and the bench's). */
async function publishedWorks(run: BenchRun): Promise<number> {
  const handle = await site.openDatabase(site.databaseConfigFromEnv(run.database.env));
  try {
    const rows = await handle.db.selectFrom("works").select("id").where("published", "=", true).execute();
    return rows.length;
  } finally {
    await handle.close();
  }
}

/** Every case, the ceiling and the mixed load: the full `npm run bench`. */
export async function benchEverything(
  run: BenchRun,
  prepared: PreparedDatabase,
  serverEnv: Record<string, string>,
  articlePath: string,
  articleCheck: Check,
): Promise<void> {
  const main = await run.startServer("principal", serverEnv, "server.log");
  const memory = watchMemory(main.pid);
  const images = watchImageProcesses(main.pid);
  const loadAtStart = os.loadavg()[0] ?? 0;
  console.log(
    `Servidor em ${main.url} (NODE_ENV=production, PID ${main.pid}); cada caso: ${WARMUP_SECONDS} s de aquecimento, ` +
      `${run.options.durationS} s medidos, a ${CONNECTIONS.join(" e a ")} conexões.`,
  );
  // Client and server share this machine: other work running now shows up in the numbers.
  if (loadAtStart > run.machine.cpus) {
    console.log(
      `Aviso: a máquina já está ocupada (carga ${decimal(loadAtStart, 1)} em ${run.machine.cpus} CPUs); os números vão oscilar.`,
    );
  }
  console.log("");

  memory.phase("fotos da obra");
  await seedWork(run, main);
  memory.phase("páginas em cache");
  const sitemapUrls = staticSitemapPaths.length + prepared.publishedPosts + (await publishedWorks(run));
  const pages: CachedPage[] = [
    { name: "/", path: "/", check: contains("<h1") },
    { name: "/blog", path: "/blog", check: contains(BLOG_HEADING, 'id="artigo-1"') },
    // The article's ceiling at 1 connection too: the uncached article's rows are read against it.
    { name: "artigo", path: articlePath, check: articleCheck, ceilingConnections: CONNECTIONS },
    {
      name: "/sitemap.xml",
      path: "/sitemap.xml",
      check: (body) => {
        const urls = body.split("<url>").length - 1;
        return urls === sitemapUrls ? null : `sitemap com ${urls} URLs em vez de ${sitemapUrls}`;
      },
    },
    { name: "/blog/rss.xml", path: "/blog/rss.xml", check: contains("<rss") },
  ];
  const cachedPages = await measureCachedPages(run, main, pages, memory);
  const rows: Row[] = [...cachedPages.rows];

  memory.phase("obra em cache");
  const workPage = await measureCachedPages(run, main, [WORK_PAGE], memory);
  rows.push(...workPage.rows);
  const ceilings = [...cachedPages.ceilings, ...workPage.ceilings];
  memory.phase("busca");
  rows.push(...(await measureSearch(run, main, memory)));

  memory.phase("biblioteca de mídia");
  const mediaLibrary = await measureMediaCases(main, prepared);
  memory.phase("listas do admin");
  const adminLists = await measureAdminCases(main, prepared);

  memory.phase("os outros servidores medidos");
  const counting = await measureCounting(run, serverEnv, articlePath, articleCheck);
  const uncached = await measureUncachedArticle(run, serverEnv, articlePath, articleCheck);
  rows.push(...uncached.rows);
  const uncachedMemoryReport = uncached.memory;
  applyTargets(rows, articlePath);

  console.log(
    `\nCarga mista: ${MIXED_CONNECTIONS} conexões, ${run.options.mixedDurationS} s (após ${WARMUP_SECONDS} s de aquecimento), ` +
      "90% páginas e 10% pedidos de orçamento...",
  );
  const mixedPages = mixedLoadPages(prepared, BENCH_WORK_PATH);
  memory.phase("carga mista");
  memory.takeCasePeakMb();
  const mixed = await runMixedLoad({
    baseUrl: main.url,
    pages: mixedPages,
    durationS: run.options.mixedDurationS,
    warmupS: WARMUP_SECONDS,
    storedEmails: () => storedLeadEmails(site, run.database.env, LEAD_EMAIL_LIKE),
  });
  const mixedPeakRssMb = memory.takeCasePeakMb();
  const mainMemoryReport = memory.stop();
  const imageReport = images.stop();
  await main.stop();
  const counts = await mixedCounts(run, mixed);

  console.log(
    `\nResultados (${run.database.engine}, ${integer(prepared.publishedPosts)} artigos; artigo: ${articlePath}; Accept-Encoding: ` +
      `${BROWSER_HEADERS["accept-encoding"]}; cada página contra o seu teto):\n`,
  );
  printCeilings(ceilings);
  printTable(caseColumns, rows);
  console.log("");
  printMixed(mixed);
  printMixedCounts(counts);
  console.log(`  (pico de RSS do servidor durante a carga mista: ${optional(mixedPeakRssMb, 0)} MB)\n`);
  printCounting(counting);
  console.log("");
  const mainMemory = printMemory("principal", mainMemoryReport);
  const imageMemory = printImageProcessMemory(imageReport);
  const uncachedMemory = printMemory("sem cache", uncachedMemoryReport, TARGETS.uncachedServerRssMb);
  const memoryBounds = [mainMemory, imageMemory, uncachedMemory];

  const missed = [
    ...missedRows(rows),
    ...memoryBounds.filter((bound) => !meetsBound(bound)).map((bound) => bound.target),
    ...(mixed.leads.lost > TARGETS.lostLeads ? ["lost leads"] : []),
    ...(counts.met ? [] : ["lost counts"]),
    ...(counting.met ? [] : [COUNTING_TARGET]),
    ...adminLists.filter((r) => !r.target.met).map((r) => `${r.case} (${r.kind})`),
  ];
  const thin = printOutcome(missed, [
    ...metRowBounds(rows),
    ...memoryBounds.filter(meetsBound),
    ...(counting.met ? counting.bounds : []),
    ...adminLists.flatMap((r) => (r.target.met ? r.target.bounds : [])),
  ]);

  const mixedFailureCount =
    mixed.errors +
    mixed.views.failedAnswers +
    mixed.submissions.failedAnswers +
    mixed.leads.lost +
    counts.lost;
  const failed = reportFailures(
    run,
    [...rows, ...counting.rows],
    mixedFailureCount > 0
      ? `Falhas na carga mista: ${mixed.errors} erros, páginas ${JSON.stringify(mixed.views.statusCodes)}, ` +
          `pedidos ${JSON.stringify(mixed.submissions.statusCodes)}, ${mixed.leads.lost} leads perdidos, ` +
          `${counts.lost} visualizações não contadas.`
      : null,
  );
  if (failed) process.exitCode = 1;

  writeReport(reportPath, {
    ...reportHeader(run, prepared, loadAtStart),
    ceilings,
    targets: TARGETS,
    cases: rows,
    mediaLibrary,
    adminLists: { targets: ADMIN_LIST_TARGETS, cases: adminLists },
    mixed: { ...mixed, peakRssMb: mixedPeakRssMb, counts },
    visitCounting: counting,
    memory: {
      server: { ...mainMemoryReport, meetsTarget: meetsBound(mainMemory) },
      imageProcess: { ...imageReport, meetsTarget: meetsBound(imageMemory) },
      uncachedServer: { ...uncachedMemoryReport, meetsTarget: meetsBound(uncachedMemory) },
    },
    missedTargets: missed,
    thinMargins: thin,
    failedRequests: failed,
  });
}
