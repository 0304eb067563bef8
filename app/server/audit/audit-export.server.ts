import { roleCan } from "~/lib/roles";
import { parseAuditListQuery } from "../admin-lists/list-query.server";
import {
  answered,
  type CommandActor,
  type CommandOutcome,
  forbidden,
  refused,
} from "../platform/command-outcome.server";
import { auditEntriesToCsv, listAuditEntriesForExport } from "./audit-list.server";
import { recordAudit } from "./audit-log.server";

// The audit log's filtered entries as a CSV file for Excel. A read, but one that is itself
// recorded: who took the log away, with which filters and how many rows. The entry is written
// once the rows are read, and the file is given only if it was.

export async function exportAuditLog(
  actor: CommandActor,
  input: { searchParams: URLSearchParams },
): Promise<CommandOutcome<string>> {
  if (!roleCan(actor.user.role, "audit.read")) return forbidden();
  const parsed = parseAuditListQuery(input.searchParams);
  if (!parsed.ok) return refused(parsed.message);
  const { page: _page, ...filters } = parsed.query;
  const entries = await listAuditEntriesForExport(filters);
  await recordAudit(actor, { action: "audit.export", details: { filters, rows: entries.length } });
  return answered(auditEntriesToCsv(entries));
}
