import type { Kysely } from "kysely";
import {
  encryptTotpSecret,
  isEncryptedTotpSecret,
  saltedRecoveryHashOf,
} from "../../auth/second-factor-secrets.server.ts";
import { keyedErasureHash } from "../lead-erasures.server.ts";
import type { Database } from "../schema.ts";
import { columnTypes } from "./column-types.server.ts";

// Erasure everywhere and secrets at rest (docs/decisions/0046):
// - erased_rows: the other rows an LGPD erasure deleted (audit entries, e-mails, invitations,
//   rate-limit events), by table and id, so a restored backup deletes them again.
// - outbox.expires_at: a message carrying a single-use link dies with the link. Sent account
//   e-mails go now (the worker deletes them once delivered from now on); pending ones get the
//   longest link's life (72 hours) from when they were queued.
// - The erasure log's and the request log's plain SHA-256 hashes become keyed ones
//   (HMAC-SHA-256 of that hash with the site secret): the same form new entries get.
// - The audit log forgets what the LGPD tool and the CSV export were searched with.
// - TOTP secrets are encrypted, recovery-code hashes salted and keyed.
// Uses the site secret (site-secret.server.ts) of the environment the database is opened with.

const ACCOUNT_EMAIL = "account-email";
const LONGEST_LINK_MS = 72 * 60 * 60 * 1000;
const PLAIN_SHA256 = /^[0-9a-f]{64}$/;

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const t = columnTypes(unknownDb);
  const db = unknownDb as unknown as Kysely<Database>;
  await db.schema
    .createTable("erased_rows")
    .addColumn("table_name", "text", (col) => col.notNull())
    .addColumn("row_id", "text", (col) => col.notNull())
    .addColumn("erased_at", t.timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint("erased_rows_pk", ["table_name", "row_id"])
    .execute();

  await db.schema.alterTable("outbox").addColumn("expires_at", t.timestamp).execute();
  await db.deleteFrom("outbox").where("kind", "=", ACCOUNT_EMAIL).where("sent_at", "is not", null).execute();
  const pending = await db
    .selectFrom("outbox")
    .select(["id", "created_at"])
    .where("kind", "=", ACCOUNT_EMAIL)
    .execute();
  for (const row of pending) {
    await db
      .updateTable("outbox")
      .set({ expires_at: new Date(Date.parse(iso(row.created_at)) + LONGEST_LINK_MS).toISOString() })
      .where("id", "=", row.id)
      .execute();
  }

  const erasures = await db
    .selectFrom("lead_erasures")
    .select(["lead_id", "email_hash", "phone_hash"])
    .execute();
  for (const row of erasures) {
    if (!PLAIN_SHA256.test(row.email_hash) && !PLAIN_SHA256.test(row.phone_hash)) continue;
    await db
      .updateTable("lead_erasures")
      .set({ email_hash: keyedErasureHash(row.email_hash), phone_hash: keyedErasureHash(row.phone_hash) })
      .where("lead_id", "=", row.lead_id)
      .execute();
  }
  const requests = await db.selectFrom("personal_data_requests").select(["id", "subject_hash"]).execute();
  for (const row of requests) {
    await db
      .updateTable("personal_data_requests")
      .set({ subject_hash: keyedErasureHash(row.subject_hash) })
      .where("id", "=", row.id)
      .execute();
  }

  const searched = await db
    .selectFrom("audit_log")
    .select(["id", "action", "details"])
    .where("action", "in", ["lgpd.export", "lgpd.erase", "lead.export"])
    .execute();
  for (const row of searched) {
    await db
      .updateTable("audit_log")
      .set({ details: withoutSearchText(row.action, row.details), subject: null })
      .where("id", "=", row.id)
      .execute();
  }

  const secrets = await db.selectFrom("totp_secrets").select(["user_id", "secret"]).execute();
  for (const row of secrets) {
    if (isEncryptedTotpSecret(row.secret)) continue;
    await db
      .updateTable("totp_secrets")
      .set({ secret: encryptTotpSecret(row.user_id, row.secret) })
      .where("user_id", "=", row.user_id)
      .execute();
  }
  const codes = await db.selectFrom("recovery_codes").select(["id", "code_hash"]).execute();
  for (const row of codes) {
    if (!PLAIN_SHA256.test(row.code_hash)) continue;
    await db
      .updateTable("recovery_codes")
      .set({ code_hash: saltedRecoveryHashOf(row.code_hash) })
      .where("id", "=", row.id)
      .execute();
  }
}

/** An entry's details without the person's hash (LGPD tool) or the typed search (CSV export). */
function withoutSearchText(action: string, details: string | null): string | null {
  if (!details) return details;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(details) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (action === "lead.export") {
    const filters = parsed.filters as Record<string, unknown> | undefined;
    if (filters && typeof filters === "object" && "search" in filters) {
      const { search, ...rest } = filters;
      parsed.filters = rest;
      parsed.searched = Boolean(search);
    }
  } else {
    delete parsed.titular;
  }
  return JSON.stringify(parsed);
}

export async function down(unknownDb: Kysely<unknown>): Promise<void> {
  const db = unknownDb as unknown as Kysely<Database>;
  await db.schema.alterTable("outbox").dropColumn("expires_at").execute();
  await db.schema.dropTable("erased_rows").execute();
}
