import type { LeadStatus } from "./lead-status";

// The inbox dashboard's figures, as the server computes them and the page draws them.

export const DASHBOARD_WEEKS = 12;
/** Rows each ranking shows; the rest are summed as "Outros". */
export const DASHBOARD_TOP = 8;

export interface WeekCount {
  /** The week's Monday (YYYY-MM-DD, São Paulo). */
  start: string;
  count: number;
}

export interface LabelCount {
  label: string;
  count: number;
}

export interface LeadDashboard {
  weeks: WeekCount[];
  total: number;
  services: LabelCount[];
  sources: LabelCount[];
  /** utm_campaign, where there was one. */
  campaigns: LabelCount[];
  posts: LabelCount[];
  /** The posts that brought the current week's requests. */
  postsThisWeek: LabelCount[];
  statuses: Array<{ status: LeadStatus; count: number }>;
}
