import { detailsItems, type FailingAudit, failingAuditsOf } from "./audits.ts";
import {
  BUDGETS,
  CATEGORIES,
  CATEGORY_LABEL,
  type Category,
  type Group,
  groupOf,
  PHOTO_PAGES,
  PHOTO_PAGES_BUDGET,
} from "./budgets.ts";
import { kb } from "./format.ts";
import type { Resource, RunSummary } from "./lighthouse-run.ts";

export function median(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  const upper = known[middle] ?? 0;
  return known.length % 2 ? upper : ((known[middle - 1] ?? upper) + upper) / 2;
}

export interface PageSummary {
  page: string;
  /** Whose budget the page is judged by. */
  group: Group;
  url: string;
  runs: number;
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalBytes: number | null;
  jsBytes: number;
  cssBytes: number;
  ok: boolean;
  reasons: string[];
  failingAudits: FailingAudit[];
  scripts: Resource[];
  stylesheets: Resource[];
  runtimeErrors: Array<{ code: string; message: string }>;
  perRun: Array<Omit<RunSummary, "lhr" | "scripts" | "stylesheets" | "finalUrl">>;
}

export function summarizePage(page: string, url: string, runs: RunSummary[]): PageSummary {
  const group = groupOf(page);
  const budget = BUDGETS[group];
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
  ) as Record<Category, number | null>;
  const jsBytes = median(runs.map((r) => r.jsBytes)) ?? 0;
  const cssBytes = median(runs.map((r) => r.cssBytes)) ?? 0;
  // The run whose performance score is nearest the median tells which audits fail.
  const perfMedian = scores.performance ?? 0;
  const representative = [...runs].sort(
    (a, b) =>
      Math.abs((a.scores.performance ?? 0) - perfMedian) - Math.abs((b.scores.performance ?? 0) - perfMedian),
  )[0] as RunSummary;

  const reasons: string[] = [];
  const failingAudits: FailingAudit[] = [];
  const runtimeErrors = runs.flatMap((r) => (r.runtimeError ? [r.runtimeError] : []));
  for (const error of runtimeErrors) reasons.push(`Lighthouse: ${error.code}`);
  for (const category of CATEGORIES) {
    const value = scores[category];
    const target = budget.scores[category];
    if (target === undefined || (value !== null && value >= target)) continue;
    if (value !== null) reasons.push(`${CATEGORY_LABEL[category]} ${value} < ${target}`);
    else if (runtimeErrors.length === 0) reasons.push(`${CATEGORY_LABEL[category]} sem nota`);
    // A page Lighthouse could not load has nothing but errored audits: its runtime error says it all.
    if (!representative.runtimeError) failingAudits.push(...failingAuditsOf(representative.lhr, category));
  }
  const overBudget = (kind: "JS" | "CSS", bytes: number, limit: number | undefined, list: Resource[]) => {
    if (limit === undefined || bytes <= limit) return;
    reasons.push(`${kind} ${kb(bytes)} KB > ${kb(limit)} KB`);
    failingAudits.push({
      id: kind === "JS" ? "network-requests (Script)" : "network-requests (Stylesheet)",
      category: "network",
      title: `${kind} acima do orçamento (bytes gzip por arquivo)`,
      score: null,
      weight: 0,
      displayValue: `${kb(bytes)} KB > ${kb(limit)} KB`,
      items: [...list]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map(
          (r) =>
            `${r.url} ${kb(r.gzipBytes)} KB gzip (${kb(r.transferSize)} KB transferidos, ${kb(r.resourceSize)} KB sem compressão)`,
        ),
    });
  };
  overBudget("JS", jsBytes, budget.jsBytes, representative.scripts);
  overBudget("CSS", cssBytes, budget.cssBytes, representative.stylesheets);
  const lcpMs = median(runs.map((r) => r.lcpMs));
  const totalBytes = median(runs.map((r) => r.totalBytes));
  if (PHOTO_PAGES.has(page)) {
    if (lcpMs !== null && lcpMs > PHOTO_PAGES_BUDGET.lcpMs) {
      reasons.push(`LCP ${(lcpMs / 1000).toFixed(1)} s > ${PHOTO_PAGES_BUDGET.lcpMs / 1000} s`);
      failingAudits.push(...failingAuditsOf(representative.lhr, "performance"));
    }
    if (totalBytes !== null && totalBytes > PHOTO_PAGES_BUDGET.totalBytes) {
      reasons.push(`${kb(totalBytes)} KB carregados > ${kb(PHOTO_PAGES_BUDGET.totalBytes)} KB`);
      failingAudits.push({
        id: "total-byte-weight",
        category: "network",
        title: "Bytes carregados antes de rolar a página acima do orçamento",
        score: null,
        weight: 0,
        displayValue: `${kb(totalBytes)} KB > ${kb(PHOTO_PAGES_BUDGET.totalBytes)} KB`,
        items: detailsItems(representative.lhr.audits["total-byte-weight"]).map(
          (item) => `${String(item.url ?? "")} ${kb(Number(item.totalBytes ?? 0))} KB`,
        ),
      });
    }
  }

  return {
    page,
    group,
    url,
    runs: runs.length,
    scores,
    lcpMs,
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    totalBytes,
    jsBytes,
    cssBytes,
    ok: reasons.length === 0,
    reasons,
    failingAudits,
    scripts: representative.scripts,
    stylesheets: representative.stylesheets,
    runtimeErrors,
    perRun: runs.map(({ lhr: _lhr, scripts: _s, stylesheets: _c, finalUrl: _f, ...rest }) => rest),
  };
}
