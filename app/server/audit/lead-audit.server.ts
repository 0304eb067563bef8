import { database } from "../db/database.server";

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

/** The request as it is before a change: for the entry's before/after. */
export async function leadBeforeChange(id: string) {
  const db = await database();
  return db
    .selectFrom("leads")
    .select(["id", "name", "email", "status", "note"])
    .where("id", "=", id)
    .executeTakeFirst();
}
