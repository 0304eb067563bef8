// `npm run size`: for each public page, the gzip bytes of the HTML, CSS and JavaScript it
// loads, against the budget (JS ≤ 120 KB, CSS ≤ 20 KB gzip), and any resource from another
// host. Builds if needed and starts its own server. Exits 1 when a page is over budget.
import { gzipSync } from "node:zlib";
import { buildIfNeeded } from "../harness/built-site.ts";
import { startServer } from "../harness/server.ts";

const budget = { js: 120 * 1024, css: 20 * 1024 };
const pages = ["/", "/servicos", "/obras", "/contato", ...process.argv.slice(2)];

if (!buildIfNeeded()) process.exit(1);

const server = await startServer();
const gzipSizes = new Map<string, number>();

async function gzipBytes(url: string): Promise<number> {
  const cached = gzipSizes.get(url);
  if (cached !== undefined) return cached;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const size = gzipSync(body, { level: 9 }).length;
  gzipSizes.set(url, size);
  return size;
}

function resources(html: string) {
  const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
  const tags = html.match(/<(script|link|img|video|source)\b[^>]*>/g) ?? [];
  const css: string[] = [];
  const js: string[] = [];
  const other: string[] = [];
  for (const tag of tags) {
    const rel = attr(tag, "rel");
    const url = attr(tag, "src") ?? attr(tag, "href");
    if (!url) continue;
    if (tag.startsWith("<link") && rel === "stylesheet") css.push(url);
    else if (tag.startsWith("<script") || rel === "modulepreload") js.push(url);
    else if (tag.startsWith("<link") && !["icon", "preload", "alternate"].includes(rel ?? "")) continue;
    else other.push(url);
  }
  return { css: [...new Set(css)], js: [...new Set(js)], other };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let overBudget = false;
const rows: string[][] = [["página", "HTML gz", "CSS gz", "JS gz", "outros hosts", "orçamento"]];
try {
  for (const page of pages) {
    const url = new URL(page, server.url).href;
    const html = await (await fetch(url)).text();
    const { css, js, other } = resources(html);
    const origin = new URL(server.url).origin;
    const foreign = [...css, ...js, ...other].filter(
      (u) => /^https?:\/\//.test(u) && new URL(u).origin !== origin,
    );
    const cssBytes = (await Promise.all(css.map((u) => gzipBytes(new URL(u, url).href)))).reduce(
      (a, b) => a + b,
      0,
    );
    const jsBytes = (await Promise.all(js.map((u) => gzipBytes(new URL(u, url).href)))).reduce(
      (a, b) => a + b,
      0,
    );
    const ok = cssBytes <= budget.css && jsBytes <= budget.js && foreign.length === 0;
    overBudget ||= !ok;
    rows.push([
      page,
      kb(gzipSync(html, { level: 9 }).length),
      kb(cssBytes),
      kb(jsBytes),
      foreign.length ? foreign.join(" ") : "nenhum",
      ok ? "ok" : "ACIMA",
    ]);
  }
} finally {
  await server.stop();
}

const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
console.log(
  `\nOrçamento por página: JS ≤ ${kb(budget.js)}, CSS ≤ ${kb(budget.css)} (gzip), nenhum recurso de outro host.`,
);
process.exit(overBudget ? 1 : 0);
