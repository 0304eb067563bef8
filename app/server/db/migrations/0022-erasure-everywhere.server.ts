import { createCipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type { Generated, Kysely } from "kysely";
import { siteSecret } from "../site-secret.server.ts";
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
// The formats it writes are spelled out here (not imported), so later code never changes what
// this migration did: the application reads them (second-factor-secrets.server.ts,
// lead-erasures.server.ts) and must keep reading them.

/** The tables and columns this migration reads and writes, as they were then. */
interface Tables {
  outbox: {
    id: string;
    kind: string;
    created_at: string | Date;
    sent_at: string | null;
    expires_at: string | null;
  };
  lead_erasures: { lead_id: string; email_hash: string; phone_hash: string };
  personal_data_requests: { id: string; subject_hash: string };
  audit_log: { id: Generated<number>; action: string; details: string | null; subject: string | null };
  totp_secrets: { user_id: string; secret: string };
  recovery_codes: { id: string; code_hash: string };
}

/** A 32-byte key for `purpose`, derived from the site secret (HKDF-SHA-256, info `site:<purpose>`). */
function siteKey(purpose: "erasure-hash" | "totp-secret" | "recovery-code"): Buffer {
  return Buffer.from(hkdfSync("sha256", siteSecret(), Buffer.alloc(0), `site:${purpose}`, 32));
}

const keyedHash = (purpose: "erasure-hash" | "recovery-code", text: string) =>
  createHmac("sha256", siteKey(purpose)).update(text, "utf8").digest("hex");

/** `totp1:<iv>:<ciphertext>:<tag>`: AES-256-GCM, bound to the user's id. */
function encryptTotpSecret(userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", siteKey("totp-secret"), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const encrypted = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["totp1", ...[iv, encrypted, cipher.getAuthTag()].map((part) => part.toString("base64url"))].join(
    ":",
  );
}

/** `rc1:<salt>:<HMAC-SHA-256 of "salt:sha256">`, from the code's plain SHA-256. */
function saltedRecoveryHashOf(plainHash: string): string {
  const salt = randomBytes(16).toString("base64url");
  return `rc1:${salt}:${keyedHash("recovery-code", `${salt}:${plainHash}`)}`;
}

const ACCOUNT_EMAIL = "account-email";
const LONGEST_LINK_MS = 72 * 60 * 60 * 1000;
const PLAIN_SHA256 = /^[0-9a-f]{64}$/;

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

export async function up(unknownDb: Kysely<unknown>): Promise<void> {
  const t = columnTypes(unknownDb);
  const db = unknownDb as unknown as Kysely<Tables>;
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
    await db
      .updateTable("lead_erasures")
      .set({
        email_hash: keyedHash("erasure-hash", row.email_hash),
        phone_hash: keyedHash("erasure-hash", row.phone_hash),
      })
      .where("lead_id", "=", row.lead_id)
      .execute();
  }
  const requests = await db.selectFrom("personal_data_requests").select(["id", "subject_hash"]).execute();
  for (const row of requests) {
    await db
      .updateTable("personal_data_requests")
      .set({ subject_hash: keyedHash("erasure-hash", row.subject_hash) })
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
    if (row.secret.startsWith("totp1:")) continue;
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
  const db = unknownDb as unknown as Kysely<Tables>;
  await db.schema.alterTable("outbox").dropColumn("expires_at").execute();
  await db.schema.dropTable("erased_rows").execute();
}
