import type { Kysely, Selectable } from "kysely";
import { ADMIN_LIST_PAGE_SIZE, type AdminListPage, type AuditListQuery } from "~/lib/admin-list";
import { auditActionLabel } from "~/lib/audit-actions";
import { toExcelCsv } from "~/lib/csv";
import { dayEndUtc, dayStartUtc, formatAuditDateTime } from "~/lib/site-time";
import { countedPageWindow } from "../admin-lists/list-query.server";
import { database } from "../db/database.server";
import type { AuditLogTable, Database } from "../db/schema";

// The audit log as /admin/auditoria shows it: newest first, 50 a page, filtered by user,
// action group and São Paulo days, each filter served by an index ending in `at`.

/** The columns the page and the CSV show. */
export interface AuditListEntry {
  id: string;
  at: string;
  userEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ipAddress: string | null;
  details: string | null;
}

/** The CSV export stops here (newest first): a year of a small team's work is far below it. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

type AuditFilters = Omit<AuditListQuery, "page">;

function matchingEntries(db: Kysely<Database>, query: AuditFilters) {
  let rows = db.selectFrom("audit_log");
  if (query.user) rows = rows.where("user_id", "=", query.user);
  // The group is the code's prefix (group names hold no LIKE wildcards).
  if (query.group) rows = rows.where("action", "like", `${query.group}.%`);
  if (query.from) rows = rows.where("at", ">=", dayStartUtc(query.from));
  if (query.to) rows = rows.where("at", "<", dayEndUtc(query.to));
  return rows;
}

const shownColumns = [
  "id",
  "at",
  "user_email",
  "action",
  "target_type",
  "target_id",
  "target_label",
  "ip_address",
  "details",
] as const;

function entryOf(row: Pick<Selectable<AuditLogTable>, (typeof shownColumns)[number]>): AuditListEntry {
  return {
    id: row.id,
    at: String(row.at),
    userEmail: row.user_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    ipAddress: row.ip_address,
    details: row.details,
  };
}

export async function listAuditEntries(
  query: AuditListQuery,
  pageSize: number = ADMIN_LIST_PAGE_SIZE,
): Promise<AdminListPage<AuditListEntry>> {
  const db = await database();
  const matching = matchingEntries(db, query);
  const { page, pageCount, total, offset } = await countedPageWindow(matching, query.page, pageSize);
  const rows = await matching
    .select(shownColumns)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { items: rows.map(entryOf), page, pageCount, total };
}

/** The newest `limit` entries, unfiltered: the admin home's recent activity (audit_log_at_idx). */
export async function listRecentAuditEntries(limit: number): Promise<AuditListEntry[]> {
  const db = await database();
  const rows = await db
    .selectFrom("audit_log")
    .select(shownColumns)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(entryOf);
}

/** The filtered entries for the CSV export, newest first, at most AUDIT_EXPORT_MAX_ROWS. */
export async function listAuditEntriesForExport(query: AuditFilters): Promise<AuditListEntry[]> {
  const db = await database();
  const rows = await matchingEntries(db, query)
    .select(shownColumns)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_EXPORT_MAX_ROWS)
    .execute();
  return rows.map(entryOf);
}

/** Who can be picked in the user filter: every account, by e-mail. */
export async function listAuditUsers(): Promise<{ id: string; email: string }[]> {
  const db = await database();
  return db.selectFrom("users").select(["id", "email"]).orderBy("email").execute();
}

/** The entries as a CSV file for Excel (the columns of the page). */
export function auditEntriesToCsv(entries: AuditListEntry[]): string {
  const header = ["Data", "Usuário", "Ação", "Código", "Alvo", "Endereço IP", "Detalhes"];
  const rows = entries.map((entry) => [
    formatAuditDateTime(entry.at),
    entry.userEmail ?? "",
    auditActionLabel(entry.action),
    entry.action,
    [entry.targetType, entry.targetLabel ?? entry.targetId].filter(Boolean).join(": "),
    entry.ipAddress ?? "",
    entry.details ?? "",
  ]);
  return toExcelCsv([header, ...rows]);
}
