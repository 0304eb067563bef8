import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BENCH_WORK_PATH } from "../bench-work.ts";
import {
  BUDGETS,
  CATEGORIES,
  CATEGORY_LABEL,
  categoriesOf,
  type Group,
  PHOTO_PAGES,
  PHOTO_PAGES_BUDGET,
} from "./budgets.ts";
import { kb } from "./format.ts";
import type { PageSummary } from "./page-summary.ts";
import { ADMIN_PAGES, PUBLIC_PAGES } from "./pages.ts";

const root = path.resolve(import.meta.dirname, "../..");
const reportPath = path.join(root, "bench/lighthouse.json");
/** How many elements or URLs to print per failing audit (the JSON keeps up to 20). */
const ITEMS_SHOWN = 5;

export function printTable(pages: PageSummary[]): void {
  const fixed = (value: number | null, digits: number, scale = 1) =>
    value === null ? "—" : (value / scale).toFixed(digits);
  const rows: string[][] = [
    [
      "página",
      "orçamento",
      "perf",
      "a11y",
      "best-practices",
      "SEO",
      "LCP (s)",
      "TBT (ms)",
      "CLS",
      "KB total",
      "JS KB gz",
      "CSS KB gz",
      "status",
    ],
  ];
  for (const p of pages) {
    rows.push([
      p.page,
      BUDGETS[p.group].label,
      ...CATEGORIES.map((c) => (p.scores[c] === null ? "—" : String(p.scores[c]))),
      fixed(p.lcpMs, 1, 1000),
      fixed(p.tbtMs, 0),
      fixed(p.cls, 3),
      p.totalBytes === null ? "—" : kb(p.totalBytes),
      kb(p.jsBytes),
      kb(p.cssBytes),
      p.ok ? "ok" : `FALHOU (${p.reasons.join("; ")})`,
    ]);
  }
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const row of rows) {
    const cells = row.map((cell, i) =>
      numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
    );
    console.log(cells.join("  ").trimEnd());
  }
}

export function printFailingAudits(pages: PageSummary[]): void {
  for (const p of pages.filter((page) => !page.ok)) {
    console.log(`\n${p.page} — ${p.reasons.join("; ")}`);
    for (const error of p.runtimeErrors) console.log(`  Lighthouse: ${error.code}: ${error.message}`);
    if (p.failingAudits.length === 0 && p.runtimeErrors.length === 0) {
      console.log("  (nenhuma auditoria isolada abaixo do limite; a nota vem da soma das métricas)");
    }
    for (const audit of p.failingAudits) {
      const score = audit.score === null ? "—" : audit.score.toFixed(2);
      const weight = audit.category === "network" ? "" : `, peso ${audit.weight}`;
      const value = audit.displayValue ? ` — ${audit.displayValue}` : "";
      console.log(`  [${audit.category}] ${audit.id} (nota ${score}${weight}): ${audit.title}${value}`);
      for (const item of audit.items.slice(0, ITEMS_SHOWN)) console.log(`      ${item}`);
      if (audit.items.length > ITEMS_SHOWN) console.log(`      … e mais ${audit.items.length - ITEMS_SHOWN}`);
    }
  }
}

/** A group's targets in one line, as the table's "orçamento" column names them. */
export function describeBudget(group: Group): string {
  const budget = BUDGETS[group];
  const scores = categoriesOf(group)
    .map((c) => `${CATEGORY_LABEL[c]} ${c === "performance" ? "≥ " : ""}${budget.scores[c]}`)
    .join(", ");
  const bytes =
    budget.jsBytes !== undefined && budget.cssBytes !== undefined
      ? `JS ≤ ${kb(budget.jsBytes)} KB, CSS ≤ ${kb(budget.cssBytes)} KB ` +
        "(bytes gzip, nível 9, de cada arquivo, como no npm run size)"
      : "sem SEO (noindex) nem orçamento de bytes (JS e CSS só informados)";
  const photos =
    group === "public"
      ? `; /obras e ${BENCH_WORK_PATH}: LCP ≤ ${PHOTO_PAGES_BUDGET.lcpMs / 1000} s e ≤ ` +
        `${kb(PHOTO_PAGES_BUDGET.totalBytes)} KB carregados`
      : "";
  return `Orçamento ${budget.label}: ${scores}; ${bytes}${photos}.`;
}

/** The run's summary as JSON in bench/lighthouse.json. */
export function writeSummary({
  runs,
  environment,
  lighthouseError,
  summaries,
}: {
  runs: number;
  environment: Record<string, unknown>;
  lighthouseError: string | null;
  summaries: PageSummary[];
}): void {
  mkdirSync(path.dirname(reportPath), { recursive: true });
  writeFileSync(
    reportPath,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        runsPerPage: runs,
        budgets: {
          public: {
            ...BUDGETS.public,
            pages: PUBLIC_PAGES,
            photoPages: { pages: [...PHOTO_PAGES], ...PHOTO_PAGES_BUDGET },
          },
          admin: { ...BUDGETS.admin, pages: ADMIN_PAGES, signedIn: true },
        },
        bytes:
          "gzip level 9 of every Script/Stylesheet request in Lighthouse's network-requests audit (transferSize kept per file)",
        environment,
        lighthouseError,
        pages: summaries,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nResumo em ${path.relative(root, reportPath)}.`);
}
