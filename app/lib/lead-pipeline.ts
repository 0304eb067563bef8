import type { LeadStatus, LostReason } from "./lead-status";

// The pipeline's read models as the server computes them and the admin draws them: a request's
// timeline and the board's columns.

/** Cards each board column shows per page. */
export const BOARD_PAGE_SIZE = 20;
/** Timeline entries a request's page shows (the latest; the request's arrival always). */
export const TIMELINE_LIMIT = 200;

export type TimelineKind = "received" | "stage" | "note" | "email_reply" | "whatsapp";

export interface TimelineEntry {
  id: string;
  kind: TimelineKind;
  /** UTC ISO. */
  at: string;
  /** Who did it; null for the request's arrival (the visitor). */
  who: string | null;
  fromStage: LeadStatus | null;
  toStage: LeadStatus | null;
  body: string | null;
  lostReason: LostReason | null;
  proposalCents: number | null;
  closedCents: number | null;
  /** An e-mail reply: whether it left (null for other kinds). */
  sent: boolean | null;
}

export interface BoardCard {
  id: string;
  name: string;
  service: string;
  condominium: string;
  status: LeadStatus;
  createdAt: string;
  proposalCents: number | null;
  closedCents: number | null;
}

export interface BoardColumn {
  status: LeadStatus;
  /** Requests in the stage, on every page. */
  count: number;
  /** What they are worth, in centavos: each one's closed value, or its proposal's when not closed. */
  valueCents: number;
  page: number;
  pageCount: number;
  cards: BoardCard[];
}
