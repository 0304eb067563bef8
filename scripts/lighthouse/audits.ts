import type { Result } from "lighthouse";
import type { Category } from "./budgets.ts";

export interface FailingAudit {
  id: string;
  category: Category | "network";
  title: string;
  score: number | null;
  /** The audit's weight in its category (0: a diagnostic that does not move the score). */
  weight: number;
  displayValue: string;
  items: string[];
}

/** The loose shape of audit details this script reads (tables, lists and opportunities). */
interface DetailsNode {
  selector?: string;
  snippet?: string;
  nodeLabel?: string;
}
interface DetailsItem {
  [key: string]: unknown;
  type?: string;
  title?: string;
  node?: DetailsNode;
  url?: string;
  source?: { url?: string; line?: number; column?: number };
  value?: unknown;
  items?: DetailsItem[];
}
interface NetworkChain {
  url: string;
  navStartToEndTime?: number;
  isLongest?: boolean;
  children?: Record<string, NetworkChain>;
}

export function detailsItems(audit: Result["audits"][string] | undefined): DetailsItem[] {
  const details = audit?.details as { items?: DetailsItem[] } | undefined;
  return Array.isArray(details?.items) ? details.items : [];
}

function describeNode(node: DetailsNode): string {
  const label = node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, " ").slice(0, 60)}"` : "";
  return `${node.selector ?? ""} ${node.snippet ?? ""}${label}`.trim();
}

/** The longest request chain of a network-tree (network-dependency-tree-insight). */
function longestChain(chains: Record<string, NetworkChain> | undefined): string[] {
  const links = Object.values(chains ?? {});
  const next = links.find((link) => link.isLongest) ?? links[0];
  if (!next) return [];
  return [`${next.url} (${Math.round(next.navStartToEndTime ?? 0)} ms)`, ...longestChain(next.children)];
}

/** One line a developer can act on: the element, the URL or the numbers of a details item. */
function describeItem(item: DetailsItem): string {
  if (item.node && (item.node.selector || item.node.snippet)) return describeNode(item.node);
  if (item.type === "node") return describeNode(item as DetailsNode);
  if (item.source?.url) return `${item.source.url}:${item.source.line ?? 0}:${item.source.column ?? 0}`;
  if (item.type === "list-section") {
    const value = item.value as { type?: string; value?: unknown; chains?: Record<string, NetworkChain> };
    if (value?.type === "network-tree") return `cadeia mais longa: ${longestChain(value.chains).join(" → ")}`;
    return `${item.title ?? ""}: ${typeof value?.value === "string" ? value.value : JSON.stringify(value)}`;
  }
  const fields = Object.entries(item)
    .filter(([key, value]) => key !== "type" && ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]) =>
      typeof value === "number" ? `${key}=${Math.round(value * 1000) / 1000}` : `${key}=${value}`,
    );
  const line =
    typeof item.url === "string" ? [item.url, ...fields.filter((f) => !f.startsWith("url="))] : fields;
  return line.length ? line.join(" ").slice(0, 300) : JSON.stringify(item).slice(0, 200);
}

/** Audits of a category that keep its score down: below 1 (below 0.9 for performance), or errored. */
export function failingAuditsOf(lhr: Result, category: Category): FailingAudit[] {
  const threshold = category === "performance" ? 0.9 : 1;
  const failing: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit) continue;
    const errored = audit.scoreDisplayMode === "error";
    const scored = !["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode);
    if (!errored && !(scored && typeof audit.score === "number" && audit.score < threshold)) continue;
    const items = detailsItems(audit).flatMap((item) =>
      // Accessibility and some insights nest their node lists one level down.
      Array.isArray(item.items) && !item.node && !item.url ? item.items : [item],
    );
    failing.push({
      id: audit.id,
      category,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: errored ? `erro: ${audit.errorMessage ?? ""}` : (audit.displayValue ?? ""),
      items: items.slice(0, 20).map(describeItem),
    });
  }
  return failing;
}
