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
  outcomes: PipelineOutcomes;
}

/** What became of the period's requests from one source, campaign or service. */
export interface OutcomeRow {
  label: string;
  requests: number;
  won: number;
  lost: number;
  /** Sum of the won requests' closed values, in centavos. */
  closedCents: number;
  /** won / (won + lost), from 0 to 1; null while none is decided. */
  winRate: number | null;
}

export interface PipelineOutcomes {
  /** Median time from arrival to the first answer, in ms; null when none was answered. */
  medianFirstResponseMs: number | null;
  /** Requests of the period that were answered (the median's sample). */
  answered: number;
  won: number;
  lost: number;
  closedCents: number;
  sources: OutcomeRow[];
  campaigns: OutcomeRow[];
  services: OutcomeRow[];
}

/** A wait as the owner says it: "45 min", "3 h 20 min", "2 dias e 4 h". */
export function formatWait(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const dayText = days === 1 ? "1 dia" : `${days} dias`;
  return hours % 24 ? `${dayText} e ${hours % 24} h` : dayText;
}
