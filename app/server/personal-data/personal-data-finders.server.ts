import type { Kysely, Transaction } from "kysely";
import { auditActionLabel } from "~/lib/audit-actions";
import { formatListDateTime } from "~/lib/site-time";
import { type ErasedRowTable, logErasedRows } from "../db/lead-erasures.server";
import type { Database } from "../db/schema";
import type { DataSubject } from "./data-subject.server";
import { mentionsSubject, namesSubject } from "./subject-match.server";

// One finder per place the site keeps personal data. Each says what it holds about a person
// (pt-BR, as the admin reads it and the person receives it in the export) and deletes it inside
// the erasure's transaction, logging what it deleted (lead_erasures, erased_rows) so a restored
// backup deletes it again. The finders live with the data they find (leads, e-mail, team,
// accounts) and are added at start, in the order their erasures run (runtime/registries.server.ts);
// only the audit log's is here, below every domain that records audit entries. A new place that
// can hold an e-mail, a phone or a name gets a finder added there (and its table in
// ERASED_ROW_TABLES), and the page, the export, the erasure, the restore and their tests follow.

/** A value the export carries and the page shows, labelled in pt-BR. */
export type RecordValue = string | number | null;

export interface FoundRecord {
  id: string;
  /** pt-BR label → value: what the page lists and the export holds. */
  fields: Record<string, RecordValue>;
  /** Why this record stays when everything else is erased (pt-BR); absent when it goes. */
  keptBecause?: string;
}

export interface ErasureContext {
  now: Date;
}

export interface PersonalDataFinder {
  /** Stable key: the counts in the request log use it. */
  key: string;
  /** The section's pt-BR heading. */
  title: string;
  find(db: Kysely<Database> | Transaction<Database>, subject: DataSubject): Promise<FoundRecord[]>;
  /**
   * Delete `records` (those without `keptBecause`) inside the erasure's transaction. Every
   * finder's `find` runs first, then each `erase` in list order, so a row an earlier erase
   * already removed (the outbox rows of a deleted request go with it) is simply gone.
   */
  erase(trx: Transaction<Database>, records: FoundRecord[], context: ErasureContext): Promise<void>;
}

export const when = (iso: string | null) => (iso ? formatListDateTime(iso) : null);
export const erasable = (records: FoundRecord[]) =>
  records.filter((record) => !record.keptBecause).map((r) => r.id);

/** Delete the rows and log them, so that a restore deletes them again. */
export async function deleteIds(
  trx: Transaction<Database>,
  table: ErasedRowTable,
  ids: string[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom(table).where("id", "in", ids).execute();
  await logErasedRows(trx, table, ids, now);
}

/** The column of a quote request that names the subject (the leads' and the outbox's finders join it). */
export const leadColumn = (subject: DataSubject) =>
  subject.kind === "email" ? "leads.email" : subject.kind === "phone" ? "leads.phone" : "leads.name";

/** The ids of the person's quote requests, as a subquery for what hangs off them. */
export function subjectLeadIds(db: Kysely<Database> | Transaction<Database>, subject: DataSubject) {
  return db
    .selectFrom("leads")
    .select("leads.id")
    .where((eb) => namesSubject(eb.ref(leadColumn(subject)), subject));
}

const finders: PersonalDataFinder[] = [];

/** Adds a finder at the end: erasures run in the order the finders were added. */
export function addPersonalDataFinder(finder: PersonalDataFinder): void {
  if (!finders.some((known) => known.key === finder.key)) finders.push(finder);
}

/** Every finder, in the order they were added; throws when start-up added none. */
export function personalDataFinders(): readonly PersonalDataFinder[] {
  // With no finder a request would find nothing and an erasure would erase nothing, silently.
  if (finders.length === 0) throw new Error("Registries not assembled: call assembleRegistries() at start.");
  return finders;
}

function finderByKey(key: string): PersonalDataFinder {
  const finder = finders.find((known) => known.key === key);
  if (!finder) throw new Error(`Registries not assembled: no personal-data finder "${key}".`);
  return finder;
}

/**
 * Audit entries about the person: those whose subject is the e-mail or phone (a refused sign-in
 * with that e-mail), those whose label or details name them (an export searched by their name
 * before decision 0046) and those about their quote requests (views, changes). The audit log is append-only except for its retention and this erasure
 * (docs/decisions/0035).
 */
export const auditEntriesFinder: PersonalDataFinder = {
  key: "auditEntries",
  title: "Registros de auditoria",
  async find(db, subject) {
    const leadIds = (await finderByKey("leads").find(db, subject)).map((record) => record.id);
    const aboutTheirRequests = (type: string | null, id: string | null) =>
      type === "lead" && id !== null && leadIds.includes(id);
    const rows = await db
      .selectFrom("audit_log")
      .select([
        "id",
        "at",
        "user_email",
        "action",
        "target_type",
        "target_id",
        "target_label",
        "details",
        "subject",
      ])
      .where((eb) =>
        eb.or([
          ...(subject.kind === "name" ? [] : [namesSubject(eb.ref("subject"), subject)]),
          namesSubject(eb.ref("target_label"), subject, { loose: true }),
          namesSubject(eb.ref("details"), subject, { loose: true }),
          ...(leadIds.length > 0
            ? [eb.and([eb("target_type", "=", "lead"), eb("target_id", "in", leadIds)])]
            : []),
        ]),
      )
      .orderBy("at", "desc")
      .execute();
    // An e-mail or a name inside a longer text must be that whole address or name (as for the outbox).
    const naming = rows.filter(
      (row) =>
        (subject.kind === "email" && row.subject === subject.email) ||
        aboutTheirRequests(row.target_type, row.target_id) ||
        mentionsSubject(`${row.target_label ?? ""} ${row.details ?? ""}`, subject),
    );
    return naming.map((row) => ({
      id: row.id,
      fields: {
        Quando: when(row.at),
        Ação: auditActionLabel(row.action),
        "Feita por": row.user_email,
        Sobre: row.target_label,
      },
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "audit_log", erasable(records), now);
  },
};
