import type { Kysely, Transaction } from "kysely";
import { startDatabase } from "../db/database.server";
import { scrubErasedText } from "../db/lead-erasures.server";
import type { Database } from "../db/schema";
import { type DataSubject, subjectLabel } from "./data-subject.server";
import { type FoundRecord, personalDataFinders } from "./personal-data-finders.server";
import { recordPersonalDataRequest } from "./personal-data-requests.server";

// LGPD requests (/admin/titulares): everything the site holds about one e-mail or phone, as the
// finders (personal-data-finders.server.ts) see it; exported as JSON or erased in one
// transaction, each logged (personal-data-requests.server.ts). Quote requests erased here are
// also in lead_erasures, so a restored backup deletes them again (docs/decisions/0017).

export interface FoundSection {
  key: string;
  title: string;
  records: FoundRecord[];
}

async function findIn(db: Kysely<Database> | Transaction<Database>, subject: DataSubject) {
  const sections: FoundSection[] = [];
  for (const finder of personalDataFinders()) {
    sections.push({ key: finder.key, title: finder.title, records: await finder.find(db, subject) });
  }
  return sections;
}

/** What the site holds about the person, section by section (empty sections included). */
export async function findPersonalData(subject: DataSubject): Promise<FoundSection[]> {
  const { db } = await startDatabase();
  return findIn(db, subject);
}

const countsOf = (sections: FoundSection[], which: (record: FoundRecord) => boolean) =>
  Object.fromEntries(sections.map((section) => [section.key, section.records.filter(which).length]));

/** The export the person receives: pt-BR keys, every record found, the reason a record stays. */
export interface PersonalDataExport {
  titular: string;
  geradoEm: string;
  dados: Record<string, Array<Record<string, string | number | null>>>;
}

/** Everything found, as the JSON the person receives; the export is logged as it is read. */
export async function exportPersonalData(
  subject: DataSubject,
  userId: string,
  now = new Date(),
): Promise<PersonalDataExport> {
  const { db } = await startDatabase();
  const sections = await db.transaction().execute(async (trx) => {
    const found = await findIn(trx, subject);
    await recordPersonalDataRequest(trx, {
      action: "export",
      subject,
      counts: countsOf(found, () => true),
      userId,
      now,
    });
    return found;
  });
  return {
    titular: subjectLabel(subject),
    geradoEm: now.toISOString(),
    dados: Object.fromEntries(
      sections.map((section) => [section.title, section.records.map((record) => record.fields)]),
    ),
  };
}

export interface ErasedSection {
  title: string;
  erased: number;
  /** Records found that stay (a team member's account), with why. */
  kept: Array<{ reason: string }>;
}

/**
 * Delete everything the finders find about the person, in one transaction that also logs the
 * erasure (and, per quote request, lead_erasures). Returns what went and what stayed.
 */
export async function erasePersonalData(
  subject: DataSubject,
  userId: string,
  now = new Date(),
): Promise<ErasedSection[]> {
  const handle = await startDatabase();
  const sections = await handle.db.transaction().execute(async (trx) => {
    const found = await findIn(trx, subject);
    for (const finder of personalDataFinders()) {
      const section = found.find((candidate) => candidate.key === finder.key);
      if (section) await finder.erase(trx, section.records, { now });
    }
    await recordPersonalDataRequest(trx, {
      action: "erasure",
      subject,
      counts: countsOf(found, (record) => !record.keptBecause),
      userId,
      now,
    });
    return found;
  });
  scrubErasedText(handle);
  return sections.map((section) => ({
    title: section.title,
    erased: section.records.filter((record) => !record.keptBecause).length,
    kept: section.records.flatMap((record) => (record.keptBecause ? [{ reason: record.keptBecause }] : [])),
  }));
}
