import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { createSession, getSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import {
  NOTHING_TO_RESET_MESSAGE,
  RESET_SELF_MESSAGE,
  resetSecondFactors,
  resetSecondFactorsByEmail,
} from "~/server/team/second-factor-reset.server";
import { USER_NOT_FOUND_MESSAGE } from "~/server/team/team-members.server";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// Resetting a colleague's second factor on every engine: only that account's secret, recovery
// codes, passkeys, challenges, pending sign-ins and sessions go, with one audit entry and one
// e-mail; a refused reset (oneself, unknown, nothing to reset) leaves every row, log and outbox
// as it was.

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost";
const uid = () => randomUUID().slice(0, 8);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const TABLES = [
  "totp_secrets",
  "recovery_codes",
  "passkeys",
  "webauthn_challenges",
  "pending_sign_ins",
  "sessions",
] as const;

describeOnEachEngine("second-factor reset", () => {
  beforeEach(async () => {
    const db = await database();
    await db.deleteFrom("outbox").execute();
    await db.deleteFrom("audit_log").execute();
    await db.deleteFrom("users").execute();
  });

  async function newUser(role: "admin" | "editor") {
    const email = `${role}-${uid()}@exemplo-condominio.com.br`;
    const id = await insertUser(await database(), { email, passwordHash: "x", role });
    return { id, email };
  }

  async function sessionOf(userId: string) {
    const cookie = await createSession(new Request(`${SITE}/auth`), userId);
    const token = /^sid=([^;]+)/.exec(cookie)?.[1] ?? "";
    const session = await getSession(new Request(`${SITE}/admin`, { headers: { Cookie: `sid=${token}` } }));
    if (!session) throw new Error("no session");
    return session;
  }

  /** TOTP on with two recovery codes, a passkey, a challenge, a pending sign-in and a session. */
  async function withEverything(userId: string) {
    const db = await database();
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 300_000).toISOString();
    await db
      .insertInto("totp_secrets")
      .values({ user_id: userId, secret: SECRET, confirmed_at: now, created_at: now })
      .execute();
    await db
      .insertInto("recovery_codes")
      .values(
        [1, 2].map((n) => ({
          id: randomUUID(),
          user_id: userId,
          code_hash: `${userId}-${n}`,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto("passkeys")
      .values({
        id: `cred-${userId}`,
        user_id: userId,
        name: "Celular",
        public_key: new Uint8Array([1, 2, 3]),
        created_at: now,
      })
      .execute();
    await db
      .insertInto("webauthn_challenges")
      .values({ challenge: `ch-${userId}`, purpose: "registration", user_id: userId, expires_at: later })
      .execute();
    await db
      .insertInto("pending_sign_ins")
      .values({ token_hash: `p-${userId}`, user_id: userId, created_at: now, expires_at: later })
      .execute();
    await sessionOf(userId);
  }

  async function rowsOf(userId: string) {
    const db = await database();
    const counts: Record<string, number> = {};
    for (const table of TABLES)
      counts[table] = (
        await db.selectFrom(table).select("user_id").where("user_id", "=", userId).execute()
      ).length;
    return counts;
  }

  async function logAndOutbox() {
    const db = await database();
    return {
      audit: await db.selectFrom("audit_log").select(["action", "target_id", "details"]).execute(),
      outbox: await db.selectFrom("outbox").select(["kind", "payload"]).execute(),
    };
  }

  it("removes the colleague's factors, challenges, pending sign-ins and sessions, and nobody else's", async () => {
    const admin = await newUser("admin");
    const colleague = await newUser("editor");
    const bystander = await newUser("editor");
    await withEverything(colleague.id);
    await withEverything(bystander.id);
    const actor = await sessionOf(admin.id);
    const everything = {
      totp_secrets: 1,
      recovery_codes: 2,
      passkeys: 1,
      webauthn_challenges: 1,
      pending_sign_ins: 1,
      sessions: 1,
    };
    expect(await rowsOf(colleague.id)).toEqual(everything);

    expect(await resetSecondFactors(actor, colleague.id, "Alvorada")).toEqual({
      ok: true,
      email: colleague.email,
    });
    expect(Object.values(await rowsOf(colleague.id))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await rowsOf(bystander.id)).toEqual(everything);
    expect(await rowsOf(admin.id)).toMatchObject({ sessions: 1 });

    const { audit, outbox } = await logAndOutbox();
    expect(audit).toEqual([
      {
        action: "user.two_factor_reset",
        target_id: colleague.id,
        details: JSON.stringify({ aplicativo_autenticador: true, passkeys_removidas: 1 }),
      },
    ]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.kind).toBe("account-email");
    const payload = JSON.parse(outbox[0]?.payload ?? "{}");
    expect(payload.to).toBe(colleague.email);
    expect(payload.subject).toBe("Verificação em duas etapas redefinida no painel do site Alvorada");
    expect(JSON.stringify(payload)).not.toContain(SECRET);

    // Done once: a second reset finds nothing and adds neither an entry nor an e-mail.
    expect(await resetSecondFactors(actor, colleague.id, "Alvorada")).toEqual({
      ok: false,
      status: 409,
      message: NOTHING_TO_RESET_MESSAGE,
    });
    expect(await logAndOutbox()).toEqual({ audit, outbox });
  });

  it("refuses one's own account and an unknown one, and changes nothing", async () => {
    const admin = await newUser("admin");
    await withEverything(admin.id);
    const actor = await sessionOf(admin.id);
    const before = await rowsOf(admin.id);
    expect(await resetSecondFactors(actor, admin.id, "Alvorada")).toEqual({
      ok: false,
      status: 403,
      message: RESET_SELF_MESSAGE,
    });
    expect(await resetSecondFactors(actor, randomUUID(), "Alvorada")).toEqual({
      ok: false,
      status: 404,
      message: USER_NOT_FOUND_MESSAGE,
    });
    expect(await rowsOf(admin.id)).toEqual(before);
    expect(await logAndOutbox()).toEqual({ audit: [], outbox: [] });
  });

  it("from the command line: the account found by e-mail, audited with no acting account", async () => {
    const lastAdmin = await newUser("admin");
    const bystander = await newUser("admin");
    await withEverything(lastAdmin.id);
    await withEverything(bystander.id);
    const bystanderRows = await rowsOf(bystander.id);

    expect(await resetSecondFactorsByEmail(` ${lastAdmin.email.toUpperCase()} `, "Alvorada")).toEqual({
      ok: true,
      email: lastAdmin.email,
    });
    expect(Object.values(await rowsOf(lastAdmin.id))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await rowsOf(bystander.id)).toEqual(bystanderRows);
    const db = await database();
    expect(
      await db.selectFrom("audit_log").select(["user_id", "user_email", "target_id", "details"]).execute(),
    ).toEqual([
      {
        user_id: null,
        user_email: null,
        target_id: lastAdmin.id,
        details: JSON.stringify({
          aplicativo_autenticador: true,
          passkeys_removidas: 1,
          pela_linha_de_comando: true,
        }),
      },
    ]);
    const [notice] = await db.selectFrom("outbox").select("payload").execute();
    expect(JSON.parse(notice?.payload ?? "{}").paragraphs[1]).toMatch(
      /^Quem administra o servidor do site Alvorada redefiniu a verificação em duas etapas da sua conta/,
    );

    expect(await resetSecondFactorsByEmail("ninguem@exemplo.com.br", "Alvorada")).toEqual({
      ok: false,
      status: 404,
      message: USER_NOT_FOUND_MESSAGE,
    });
  });
});
