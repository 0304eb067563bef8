import type { Transaction } from "kysely";
import type { Database } from "../db/schema";

// What an audit entry about a quote request keeps of it: the id, the visitor's name (enough to
// tell which one, never the message or phone) and their e-mail as the entry's subject, so the
// LGPD tool finds and erases the entries about that person.

interface LeadFacts {
  id: string;
  name: string;
  email: string;
}

/** The `target` and `subject` of an entry about this request. */
export function leadMention(lead: LeadFacts) {
  return { target: { type: "lead", id: lead.id, label: lead.name }, subject: lead.email };
}

/** The request as it is before a change, read in the change's transaction: for the entry's before/after. */
export async function leadBeforeChange(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom("leads")
    .select(["id", "name", "email", "status", "note"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * What an entry about a CSV export keeps: the filters and how many rows went out, and whether a
 * search narrowed it, never the typed text (it may be a person's name, e-mail or phone, which
 * would outlive their erasure here).
 */
export function leadExportDetails(query: { page?: unknown; search?: string | null }, rows: number) {
  const { page: _page, search, ...filters } = query;
  return { filters, searched: Boolean(search), rows };
}
