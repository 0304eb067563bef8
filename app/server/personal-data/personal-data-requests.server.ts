import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { recordAudit } from "../audit/audit-log.server";
import type { Database, PersonalDataAction } from "../db/schema";
import { type DataSubject, subjectHash } from "./data-subject.server";

// The log of LGPD requests answered in the admin: who exported or erased whose data, when, and
// how many records of each kind, with the person as a keyed hash (migrations 0020, 0022). Written in the
// transaction that read or deleted the data, so neither exists without the other.

const subjectKindLabels: Record<DataSubject["kind"], string> = {
  email: "e-mail",
  phone: "telefone",
  name: "nome",
};

export interface PersonalDataRequest {
  action: PersonalDataAction;
  subject: DataSubject;
  /** Records per finder key, e.g. { leads: 2, outbox: 4 }. */
  counts: Record<string, number>;
  userId: string;
  now: Date;
}

/**
 * The one place an export or an erasure is recorded, called inside the transaction that read or
 * deleted the data: whatever else must record it (an audit entry) is written here, with `db`.
 */
export async function recordPersonalDataRequest(
  db: Kysely<Database> | Transaction<Database>,
  request: PersonalDataRequest,
): Promise<void> {
  await db
    .insertInto("personal_data_requests")
    .values({
      id: randomUUID(),
      action: request.action,
      subject_kind: request.subject.kind,
      subject_hash: subjectHash(request.subject),
      counts: JSON.stringify(request.counts),
      user_id: request.userId,
      created_at: request.now.toISOString(),
    })
    .execute();
  // The audit entry names no one, not even by a hash: what was done, by which kind of
  // identifier, and to how many records (the request log above keeps the keyed hash).
  const user = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "=", request.userId)
    .executeTakeFirst();
  await recordAudit(
    { user: user ?? null },
    {
      action: request.action === "export" ? "lgpd.export" : "lgpd.erase",
      target: { type: "titular", label: subjectKindLabels[request.subject.kind] },
      details: { registros: request.counts },
    },
    db,
  );
}
