import os from "node:os";
import path from "node:path";
import { staticSitemapPaths } from "../../app/lib/sitemap-pages.ts";
import * as site from "../../app/server/runtime/maintenance.server.ts";
import { BROWSER_HEADERS } from "../../harness/browser-headers.ts";
import { projectRoot } from "../../harness/built-site.ts";
import { ADMIN_LIST_TARGETS } from "../bench-admin.ts";
import { captureResponse, startCeiling } from "../bench-ceiling.ts";
import { type PreparedDatabase, storedLeadEmails } from "../bench-database.ts";
import { decimal, integer, optional, printTable } from "../bench-format.ts";
import { watchMemory } from "../bench-memory.ts";
import { LEAD_EMAIL_LIKE, MIXED_CONNECTIONS, runMixedLoad } from "../bench-mixed.ts";
import { BENCH_WORK_PATH } from "../bench-work.ts";
import { cleanups } from "../cleanups.ts";
import { measureAdminCases } from "./admin.ts";
import {
  type Check,
  CONNECTIONS,
  checkPage,
  contains,
  measureCase,
  type Row,
  WARMUP_SECONDS,
} from "./cases.ts";
import { measureCounting, printCounting } from "./counting.ts";
import { measureMediaCases } from "./media.ts";
import { mixedCounts, printMixed, printMixedCounts } from "./mixed.ts";
import { caseColumns, printMemory, reportFailures, reportHeader, writeReport } from "./report.ts";
import type { BenchRun } from "./runner.ts";
import { measureSearch } from "./search.ts";
import { applyTargets, TARGETS } from "./targets.ts";
import { measureUncachedArticle } from "./uncached.ts";
import { measureWorkCases, seedWork } from "./work-page.ts";

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
  const pages: Array<{ name: string; path: string; check: Check }> = [
    { name: "/", path: "/", check: contains("<h1") },
    { name: "/blog", path: "/blog", check: contains(BLOG_HEADING, 'id="artigo-1"') },
    { name: "artigo", path: articlePath, check: articleCheck },
    {
      name: "/sitemap.xml",
      path: "/sitemap.xml",
      check: (body) => {
        const urls = body.split("<url>").length - 1;
        return urls === sitemapUrls ? null : `sitemap com ${urls} URLs em vez de ${sitemapUrls}`;
      },
    },
  ];
  const rows: Row[] = [];
  for (const page of pages) {
    await checkPage(new URL(page.path, main.url).href, page.check);
    rows.push(
      ...(await measureCase(page.name, "site", main.url, page.path, run.options.durationS, memory, main.pid)),
    );
  }

  memory.phase("obra em cache");
  rows.push(...(await measureWorkCases(run, main, memory)));
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

  // The ceiling answers the exact bytes the site sends for the article to these headers.
  const captured = await captureResponse(new URL(articlePath, main.url).href, BROWSER_HEADERS);
  if (captured.status !== 200) throw new Error(`${articlePath}: HTTP ${captured.status} ao capturar o teto`);
  const ceiling = await startCeiling(captured, run.workDir);
  cleanups.push(() => ceiling.stop());
  rows.push(
    ...(await measureCase(
      "teto (artigo)",
      "teto",
      ceiling.url,
      articlePath,
      run.options.durationS,
      null,
      ceiling.pid,
    )),
  );
  await ceiling.stop();
  applyTargets(rows, articlePath);

  console.log(
    `\nCarga mista: ${MIXED_CONNECTIONS} conexões, ${run.options.mixedDurationS} s (após ${WARMUP_SECONDS} s de aquecimento), ` +
      "90% páginas e 10% pedidos de orçamento...",
  );
  const mixedPages = [
    "/",
    "/servicos",
    "/obras",
    "/contato",
    "/blog",
    `/blog?categoria=${prepared.category.slug}`,
    BENCH_WORK_PATH,
    ...prepared.articleSlugs.map((slug) => `/blog/${slug}`),
  ];
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
  await main.stop();
  const counts = await mixedCounts(run, mixed);

  console.log(
    `\nResultados (${run.database.engine}, ${integer(prepared.publishedPosts)} artigos; artigo: ${articlePath}; Accept-Encoding: ` +
      `${BROWSER_HEADERS["accept-encoding"]}; teto: node:http com os ${integer(captured.body.length)} bytes ` +
      `${captured.contentEncoding ?? "sem compressão"} do artigo):\n`,
  );
  printTable(caseColumns, rows);
  console.log("");
  printMixed(mixed);
  printMixedCounts(counts);
  console.log(`  (pico de RSS do servidor durante a carga mista: ${optional(mixedPeakRssMb, 0)} MB)\n`);
  printCounting(counting);
  console.log("");
  const rssMet = printMemory("principal", mainMemoryReport);
  const uncachedRssMet = printMemory("sem cache", uncachedMemoryReport);

  const missed = [
    ...rows.filter((r) => r.target && !r.target.met).map((r) => `${r.case} × ${r.connections}`),
    ...(rssMet ? [] : ["memória do servidor principal"]),
    ...(uncachedRssMet ? [] : ["memória do servidor sem cache"]),
    ...(mixed.leads.lost > TARGETS.lostLeads ? ["lost leads"] : []),
    ...(counts.met ? [] : ["lost counts"]),
    ...(counting.met ? [] : ["artigo em cache com contagem"]),
    ...adminLists.filter((r) => !r.target.met).map((r) => `${r.case} (${r.kind})`),
  ];
  console.log(missed.length ? `Metas não atingidas: ${missed.join("; ")}.` : "Todas as metas atingidas.");

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
    ceiling: {
      page: articlePath,
      bytes: captured.body.length,
      contentType: captured.contentType,
      contentEncoding: captured.contentEncoding,
    },
    targets: TARGETS,
    cases: rows,
    mediaLibrary,
    adminLists: { targets: ADMIN_LIST_TARGETS, cases: adminLists },
    mixed: { ...mixed, peakRssMb: mixedPeakRssMb, counts },
    visitCounting: counting,
    memory: {
      server: { ...mainMemoryReport, meetsTarget: rssMet },
      uncachedServer: { ...uncachedMemoryReport, meetsTarget: uncachedRssMet },
    },
    missedTargets: missed,
    failedRequests: failed,
  });
}
