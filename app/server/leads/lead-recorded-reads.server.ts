import { FORBIDDEN_MESSAGE, roleCan } from "~/lib/roles";
import { siteDay } from "~/lib/site-time";
import type { CurrentSession } from "../accounts/sessions.server";
import { parseLeadListQuery } from "../admin-lists/list-query.server";
import { recordAudit } from "../audit/audit-log.server";
import { leadExportDetails, leadMention } from "./lead-audit.server";
import {
  type FullLead,
  getLead,
  leadIdFromParam,
  leadsToCsv,
  listLeadsForExport,
} from "./leads-admin.server";

// The reads that show a person's whole request to the team: each records its audit entry
// itself, so no page or download can show the data unrecorded. They change nothing, so there is
// no transaction to share: the entry is written once the data has been read.

/** What a recorded read gives: the data, or why not (as an HTTP status, for the route). */
export type RecordedRead<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 403 | 404; message: string };

const FORBIDDEN = { ok: false, status: 403, message: FORBIDDEN_MESSAGE } as const;

/** One request, whole, for its own page: every look at it is recorded. */
export async function viewLead(
  actor: CurrentSession,
  input: { id: string | undefined },
): Promise<RecordedRead<FullLead>> {
  if (!roleCan(actor.user.role, "leads.read")) return FORBIDDEN;
  const id = leadIdFromParam(input.id);
  const lead = id ? await getLead(id) : null;
  if (!lead) return { ok: false, status: 404, message: "Solicitação não encontrada." };
  await recordAudit(actor, { action: "lead.view", ...leadMention(lead) });
  return { ok: true, value: lead };
}

/** A CSV file, ready to download. */
interface CsvFile {
  name: string;
  text: string;
}

/**
 * The inbox as a CSV file: every request the inbox's filters and search select (its query
 * string), all pages together. The entry keeps the filters and the count, never the search.
 */
export async function exportLeads(
  actor: CurrentSession,
  input: { query: URLSearchParams },
): Promise<RecordedRead<CsvFile>> {
  if (!roleCan(actor.user.role, "leads.read")) return FORBIDDEN;
  const parsed = parseLeadListQuery(input.query);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const leads = await listLeadsForExport(parsed.query);
  await recordAudit(actor, { action: "lead.export", details: leadExportDetails(parsed.query, leads.length) });
  const day = siteDay(new Date());
  return { ok: true, value: { name: `solicitacoes-${day}.csv`, text: leadsToCsv(leads) } };
}
