// `npm run bench`: throughput and latency of the production server under load, each cached page
// against a bare node:http ceiling of its own on the same machine, then a mixed load of page
// views and quote submissions.
//
// Builds if needed, seeds a fresh database (a temporary SQLite directory, or with --pg a fresh
// schema in PostgreSQL, dropped afterwards whatever happens) with the demo content plus 1,000
// synthetic posts, and starts the server on it as `npm start` does (NODE_ENV=production). Then,
// with autocannon and a browser's request headers (Accept-Encoding: gzip, deflate, br), each
// case warms up and runs for a fixed time at 1 and at 50 connections:
//
//   /, /blog, /blog/<slug>, /sitemap.xml,   the server, render cache on (the default), each page
//   /blog/rss.xml, the work page            in turn with its ceiling (teto) at 50 connections
//                                           (site, teto, teto, site; each side's faster round
//                                           kept; the article's ceiling also at 1): a bare
//                                           node:http process answering the exact bytes the site
//                                           sent for that page, its headers included
//                                           (bench-ceiling.ts)
//   /blog/<slug> sem cache                  a second server on the same database, RENDER_CACHE=off
//   /blog/<slug> com / sem contagem         two more servers started together, one as the main
//                                           one, one with visit counting off
//                                           (scripts/bench-uncounted-server.js), measured in
//                                           turn at 50 connections, three times: counting on's
//                                           best run must keep ≥ 0.95× the req/s of counting
//                                           off's best run
//
// and finally 100 connections of mixed load for 60 s: 90% page views over the public pages, 10%
// quote submissions (bench-mixed.ts), after which every lead answered with success must be in the
// database, and every page view answered 200 in the visit counts (written when the server stops).
// Prints the tables with the targets, the servers' peak memory (VmRSS sampled, VmHWM at the end)
// and the image process's (VmHWM), the missed targets and those met with less than 5 % to spare,
// and writes bench/report.json. Exits 1 only when requests failed (errors, timeouts, unexpected
// statuses or content, lost leads): a missed target is marked, not fatal.
//
//   npm run bench                                   SQLite
//   npm run bench -- --pg                           PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL or local)
//   npm run bench -- --posts 10000                  more posts (default 1,000)
//   npm run bench -- --duration 5 --mixed-duration 15   shorter cases (defaults 10 s and 60 s)
//   npm run bench -- --only uncached                the uncached article alone (for A/B runs),
//                                                   report in bench/report-uncached.json
//   npm run bench -- --only midia                   the admin's media library at 10,000 images alone,
//                                                   report in bench/report-midia.json
//   npm run bench -- --only obra                    the cached page of a work with 12 photos and its
//                                                   own ceiling alone, with the image process's memory,
//                                                   report in bench/report-obra.json
//   npm run bench -- --only busca                   the blog search alone (never cached), report in
//                                                   bench/report-busca.json
//   npm run bench -- --only contagem                the cached article with visit counting on and off,
//                                                   in turn, report in bench/report-contagem.json
//   npm run bench -- --pg --instances 2             uncached req/s (wrk, runs of 1, 2, 2, 1 instances) and
//                                                   mixed req/s for one and for 2 instances behind Caddy
//                                                   (deploy/Caddyfile), with the scaling ratio
//                                                   (bench-cluster.ts), report in bench/report-cluster.json
//   npm run bench -- --only admin                   the admin's lists alone (/admin, /admin/auditoria,
//                                                   /admin/solicitacoes),
//                                                   10,000 posts unless --posts says otherwise,
//                                                   report in bench/report-admin.json
//   npm run bench -- --only mista                   the mixed load alone on a fresh server (without the
//                                                   work page), report in bench/report-mista.json
//
// The server gets a work with 12 photos as a phone takes them (bench-work.ts, through the real
// upload pipeline, in the image process the server forks); its cached page is measured like the
// article, against a ceiling that answers the work page's own bytes and headers.
//
// The seed also puts 10,000 images in the media library (rows without bytes, bench-media.ts);
// /admin/midia is measured one request at a time as the signed-in owner (server time from
// the access log, HTML size as sent). It also puts 10,000 quote requests in the inbox
// (bench-admin.ts): the post list and the inbox are measured the same way (first page, a middle
// page, a filtered search; the document and the client navigation's data request, gzip), against
// the budgets of ≤ 100 KB gzip and a server p50 ≤ 50 ms.
//
// The parts are in scripts/bench/: the command line (options.ts), the run's directory, database
// and servers (runner.ts), measuring one case (cases.ts), the targets (targets.ts), the report
// (report.ts), and one file per scenario.
import * as site from "../app/server/runtime/maintenance.server.ts";
import { benchAdminOnly } from "./bench/admin.ts";
import { contains } from "./bench/cases.ts";
import { benchCountingOnly } from "./bench/counting.ts";
import { benchEverything } from "./bench/everything.ts";
import { benchMediaOnly } from "./bench/media.ts";
import { benchMixedOnly } from "./bench/mixed-only.ts";
import { parseOptions } from "./bench/options.ts";
import { startBenchRun } from "./bench/runner.ts";
import { benchScaling } from "./bench/scaling.ts";
import { benchSearchOnly } from "./bench/search.ts";
import { benchUncachedOnly } from "./bench/uncached.ts";
import { benchWorkOnly } from "./bench/work-page.ts";
import { prepareDatabase } from "./bench-database.ts";
import { decimal, integer, seconds } from "./bench-format.ts";
import { MIN_FILL_SECONDS } from "./bench-mixed.ts";
import { cleanUp } from "./cleanups.ts";

const options = parseOptions();
const run = startBenchRun(options);
const { database, machine } = run;

try {
  console.log(
    `Máquina: ${machine.cpus} núcleos, ${machine.cpuModel ?? "modelo desconhecido"}` +
      `${machine.cpuMhz ? ` a ${integer(machine.cpuMhz)} MHz` : ""}; referência (melhor de 7): ` +
      `React ${decimal(machine.renderMs, 1)} ms, gzip ${decimal(machine.gzipMs, 2)} ms ` +
      "(docs/benchmarks.md: comparar execuções em máquinas diferentes).",
  );
  console.log(`Preparando o banco (${database.engine}) com ${integer(options.posts)} artigos extras...`);
  const prepared = await prepareDatabase(site, database.env, options.posts);
  const { timings } = prepared;
  console.log(
    `${prepared.description}: ${integer(prepared.publishedPosts)} artigos publicados, pronto em ${seconds(timings.totalMs)} ` +
      `(migração e demonstração ${seconds(timings.setupMs)}; gerar ${seconds(timings.generateMs)}, ` +
      `inserir ${seconds(timings.insertMs)}).`,
  );

  const serverEnv: Record<string, string> = {
    ...database.env,
    // No e-mail: leads are stored with their outbox row, which waits.
    SMTP_URL: "",
    // Every submission comes from 127.0.0.1, thousands an hour: neither the per-address limit
    // nor the hourly cap on all requests together may refuse them.
    QUOTE_RATE_LIMIT_PER_HOUR: "1000000",
    QUOTE_GLOBAL_LIMIT_PER_HOUR: "1000000",
    QUOTE_MIN_FILL_SECONDS: String(MIN_FILL_SECONDS),
  };
  const articlePath = `/blog/${prepared.article.slug}`;
  const articleCheck = contains(`>${prepared.article.title}</h1>`, "Artigos relacionados");
  if (options.instances > 1) {
    await benchScaling(run, prepared, serverEnv, articlePath);
  } else if (options.uncachedOnly) {
    await benchUncachedOnly(run, prepared, serverEnv, articlePath, articleCheck);
  } else if (options.workOnly) {
    await benchWorkOnly(run, prepared, serverEnv, articlePath);
  } else if (options.searchOnly) {
    await benchSearchOnly(run, prepared, serverEnv);
  } else if (options.countingOnly) {
    await benchCountingOnly(run, prepared, serverEnv, articlePath, articleCheck);
  } else if (options.mediaOnly) {
    await benchMediaOnly(run, prepared, serverEnv);
  } else if (options.adminOnly) {
    await benchAdminOnly(run, prepared, serverEnv);
  } else if (options.mixedOnly) {
    await benchMixedOnly(run, prepared, serverEnv);
  } else {
    await benchEverything(run, prepared, serverEnv, articlePath, articleCheck);
  }
} catch (error) {
  console.error(`O benchmark falhou: ${(error as Error).message}`);
  for (const { name, server } of run.servers) {
    console.error(`\nÚltimas linhas do servidor ${name}:\n${server.logTail(20)}`);
  }
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(process.exitCode ?? 0);
