import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import {
  confirmTotp,
  normalizeRecoveryCode,
  spendRecoveryCode,
  startTotpSetup,
  verifyTotp,
} from "~/server/accounts/totp.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { erasureEmailHash } from "~/server/db/lead-erasures.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import type { Database } from "~/server/db/schema";
import { enqueueAccountEmail } from "~/server/email/account-email.server";
import { type MailConfig, mailConfigFromEnv } from "~/server/email/mail-config.server";
import { claimDueMessages, deleteExpiredMessages } from "~/server/email/outbox.server";
import { type MailTransport, startOutboxWorker } from "~/server/email/outbox-worker.server";
import { createInvitation } from "~/server/team/invitations.server";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";
import { testEngines } from "../support/test-database";
import { everyTextValue } from "../support/text-values";
import { waitFor } from "../support/wait-for";

// Secrets at rest (docs/decisions/0046): what the database (and so every backup) holds of a
// TOTP secret, a recovery code or an account e-mail's single-use link signs nobody in.

const uid = () => randomUUID().slice(0, 8);
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function codeAt(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

/** A code computed from a value read in the database, as a thief would; undefined if it is no secret at all. */
function forgedCode(stored: string, timestamp: number): string | undefined {
  try {
    return codeAt(stored, timestamp);
  } catch {
    return undefined;
  }
}

async function allText(): Promise<string> {
  return (await everyTextValue(await database())).map(({ value }) => value).join("\n");
}

describeOnEachEngine("secrets at rest", () => {
  it("keeps no TOTP secret and no recovery code readable in the database", async () => {
    const userId = await insertUser(await database(), {
      email: `cofre-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "admin",
    });
    const secret = (await startTotpSetup(userId)) ?? "";
    const now = Date.now();
    const codes = (await confirmTotp(userId, codeAt(secret, now), now)) ?? [];
    expect(codes).toHaveLength(10);

    const text = await allText();
    expect(text).not.toContain(secret);
    for (const code of codes) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(normalizeRecoveryCode(code));
      // Nor the unsalted SHA-256 of decision 0036, which 50 bits could not protect.
      expect(text).not.toContain(sha256(normalizeRecoveryCode(code)));
    }

    // A secret read from the database generates no code the site accepts.
    const { secret: stored } = await (await database())
      .selectFrom("totp_secrets")
      .select("secret")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const later = now + 60_000;
    const forged = forgedCode(stored, later);
    if (forged !== undefined && forged !== codeAt(secret, later)) {
      expect(await verifyTotp(userId, forged, later)).toBe(false);
    }
    // The owner's phone and recovery codes still work.
    expect(await verifyTotp(userId, codeAt(secret, later), later)).toBe(true);
    expect(await spendRecoveryCode(userId, codes[3] ?? "")).toBe(true);
    expect(await spendRecoveryCode(userId, codes[3] ?? "")).toBe(false);
  });

  it("removes an invitation's e-mail from the outbox once delivered: its token is nowhere", async () => {
    const admin = await insertUser(await database(), {
      email: `convida-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "admin",
    });
    const sent: Array<{ text: string; to: string[] }> = [];
    const transport: MailTransport = {
      sendMail: async (message) => {
        sent.push(message);
      },
      close: () => undefined,
    };
    const mail = mailConfigFromEnv(
      { SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: '"Site" <site@alvorada.test>' },
      defaultSite,
    ) as Extract<MailConfig, { enabled: true }>;
    const worker = startOutboxWorker({
      mail,
      site: defaultSite,
      transport,
      pollIntervalMs: 50,
      log: () => undefined,
    });
    try {
      const email = `convidada-${uid()}@exemplo.com.br`;
      expect(await createInvitation(admin, { email, role: "editor" }, "Alvorada")).toEqual({ ok: true });
      await waitFor(
        async () => sent,
        (messages) => messages.some((message) => message.to.includes(email)),
      );
      const token = /\/convite\/([\w-]+)/.exec(sent.find((m) => m.to.includes(email))?.text ?? "")?.[1] ?? "";
      expect(token.length).toBeGreaterThan(20);
      const rows = await waitFor(
        async () =>
          (await database()).selectFrom("outbox").select("id").where("kind", "=", "account-email").execute(),
        (left) => left.length === 0,
      );
      expect(rows).toEqual([]);
      expect(await allText()).not.toContain(token);
    } finally {
      await worker.stop();
    }
  });

  it("never sends, and deletes, an account e-mail whose link has died", async () => {
    const db = await database();
    const token = `ficha-${uid()}-morta`;
    const past = new Date(Date.now() - 60_000).toISOString();
    await enqueueAccountEmail(
      db,
      {
        to: `ninguem-${uid()}@exemplo.com.br`,
        subject: "Convite",
        paragraphs: ["Olá!"],
        link: { label: "Aceitar", url: `http://localhost/convite/${token}` },
      },
      past,
    );
    expect((await claimDueMessages()).map((message) => JSON.stringify(message.payload)).join()).not.toContain(
      token,
    );
    expect(await deleteExpiredMessages()).toBeGreaterThanOrEqual(1);
    expect(await allText()).not.toContain(token);
  });
});

describe.each(testEngines())("migration 0022 on $name", (engine) => {
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  // Every migration on a database of its own: seconds on PostgreSQL when the machine is busy.
  it("encrypts clear TOTP secrets, salts old recovery codes and keys old hashes: all still work", {
    timeout: 30_000,
  }, async () => {
    const secret = new Secret({ size: 20 }).base32;
    const code = "abcde-fghjk";
    const email = `antiga-${uid()}@exemplo.com.br`;
    let userId = "";
    const now = new Date().toISOString();
    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      const all = await migrationProvider.getMigrations();
      const before = Object.keys(all)
        .sort()
        .filter((name) => name < "0022");
      await migrateToLatest(handle, {
        getMigrations: async () => Object.fromEntries(before.map((name) => [name, all[name]])) as typeof all,
      });
      const db = handle.db as unknown as Kysely<Database>;
      userId = await insertUser(db, {
        email: `membro-${uid()}@exemplo.com.br`,
        passwordHash: "x",
        role: "admin",
      });
      await db
        .insertInto("totp_secrets")
        .values({ user_id: userId, secret, confirmed_at: now, created_at: now })
        .execute();
      await db
        .insertInto("recovery_codes")
        .values({
          id: randomUUID(),
          user_id: userId,
          code_hash: sha256(normalizeRecoveryCode(code)),
          created_at: now,
        })
        .execute();
      await db
        .insertInto("lead_erasures")
        .values({
          lead_id: randomUUID(),
          email_hash: sha256(email),
          phone_hash: sha256("41999990000"),
          erased_at: now,
        })
        .execute();
    } finally {
      await handle.close();
    }

    await startDatabase(engine.env);
    const db = await database();
    const stored = await db
      .selectFrom("totp_secrets")
      .select("secret")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    const later = Date.now() + 60_000;
    expect(await verifyTotp(userId, codeAt(secret, later), later)).toBe(true);
    expect(await spendRecoveryCode(userId, code.toUpperCase())).toBe(true);
    const text = await allText();
    expect(text).not.toContain(sha256(normalizeRecoveryCode(code)));
    expect(text).not.toContain(sha256(email));
    expect(text).toContain(erasureEmailHash(email));
  });
});
