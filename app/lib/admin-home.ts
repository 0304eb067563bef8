import type { HealthRow } from "./site-health";

// The admin's home page (/admin/inicio): what the server reads for it
// (app/server/dashboard/admin-home.server.ts) and the page draws. Client-safe: types and limits.

/** Rows each list of the home page shows at most; its total says how many there are. */
export const HOME_LIST_LIMIT = 10;

/** A quote request nobody has answered yet (status "novo"). */
export interface UnansweredLead {
  id: string;
  name: string;
  /** When it arrived (UTC ISO). */
  created_at: string;
  /** The phone as the visitor typed it. */
  phone: string;
  /**
   * Its international digits (e.g. "5541998761234") for `tel:+…` and `https://wa.me/…`; null
   * when what was typed cannot be read as a phone number (then show it without links).
   */
  phoneDigits: string | null;
}

/** The posts page's strip: how many requests wait for an answer, and the one waiting longest. */
export interface UnansweredSummary {
  total: number;
  oldest: UnansweredLead | null;
}

/** A draft, with when it was last edited. */
export interface HomeDraft {
  id: string;
  title: string;
  /** UTC ISO. */
  updated_at: string;
}

/** A scheduled post, with when it goes live. */
export interface HomeScheduledPost {
  id: string;
  title: string;
  /** UTC ISO. */
  scheduled_at: string;
}

/** A list cut to HOME_LIST_LIMIT rows, and how many there are in all. */
export interface HomeList<Item> {
  items: Item[];
  total: number;
}

/** One entry of the recent activity: the audit log's row, with its action's pt-BR label. */
export interface HomeAuditEntry {
  id: string;
  at: string;
  userEmail: string | null;
  action: string;
  /** e.g. "Publicou post" (auditActionLabel; an unknown code as it is). */
  actionLabel: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ipAddress: string | null;
  details: string | null;
}

/** What an Editor's home shows: the posts in the works. */
export interface EditorHome {
  /** Most recently edited first. */
  drafts: HomeList<HomeDraft>;
  /** Soonest first. */
  scheduled: HomeList<HomeScheduledPost>;
}

/** What an Administrador's home shows. */
export interface AdministratorHome extends EditorHome {
  /** Oldest first: who has been waiting longest comes first. */
  unansweredLeads: HomeList<UnansweredLead>;
  /** Requests that arrived this calendar week (Monday to Sunday, São Paulo), up to now. */
  requestsThisWeek: number;
  /** Requests of the whole previous calendar week. */
  requestsLastWeek: number;
  /** The ten newest audit entries, newest first. */
  recentAudit: HomeAuditEntry[];
  health: HealthRow[];
}
