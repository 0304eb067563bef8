import { BENCH_WORK_PATH } from "../bench-work.ts";
import { isAdminPath } from "../lighthouse-admin.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABEL: Record<Category, string> = {
  performance: "perf",
  accessibility: "a11y",
  "best-practices": "best-practices",
  seo: "SEO",
};

export type Group = "public" | "admin";

/**
 * A group's targets: a minimum score per category it is judged by (a category without one is not
 * run) and, optionally, gzip bytes of JS and CSS.
 */
interface Budget {
  label: string;
  scores: Partial<Record<Category, number>>;
  jsBytes?: number;
  cssBytes?: number;
}

export const BUDGETS: Record<Group, Budget> = {
  public: {
    label: "público",
    scores: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
    jsBytes: 120 * 1024,
    cssBytes: 20 * 1024,
  },
  // The admin is noindex (no SEO target) and a signed-in tool: no byte budget, performance ≥ 90.
  admin: {
    label: "admin",
    scores: { performance: 90, accessibility: 100, "best-practices": 100 },
  },
};

export const groupOf = (page: string): Group => (isAdminPath(page) ? "admin" : "public");
/** The categories Lighthouse runs for a group: those it has a target in. */
export const categoriesOf = (group: Group) =>
  CATEGORIES.filter((c) => BUDGETS[group].scores[c] !== undefined);

/**
 * The works pages: LCP and every byte loaded before the visitor scrolls (Lighthouse's
 * total-byte-weight: the page load, without scrolling), on /obras and a work with 12 photos.
 */
export const PHOTO_PAGES_BUDGET = { lcpMs: 1200, totalBytes: 150 * 1024 } as const;
export const PHOTO_PAGES = new Set<string>(["/obras", BENCH_WORK_PATH]);
