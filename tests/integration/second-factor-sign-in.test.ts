import { randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { attemptLogin, SECOND_FACTOR_PATH } from "~/server/accounts/login.server";
import { authenticationOptions } from "~/server/accounts/passkeys.server";
import { hashPassword } from "~/server/accounts/password.server";
import {
  markAuthenticated,
  RECENT_AUTHENTICATION_MS,
  reauthenticate,
  recentAuthenticationUntil,
} from "~/server/accounts/recent-authentication.server";
import { setSecondFactorRequired } from "~/server/accounts/second-factor-policy.server";
import { createSession, getSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// Second factors that cannot be skipped, and re-authentication (docs/decisions/0044), on every engine: an account with a passkey (and no
// TOTP) gets the second step after its password, whatever the team's rule; a passkey alone must
// verify the user while a second step's needs presence only; a session changes the account's
// keys only within 10 minutes of a password or a code.

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost:3000";
const uid = () => randomUUID().slice(0, 8);

describeOnEachEngine("second-factor sign-in", () => {
  beforeEach(async () => {
    await (await database()).deleteFrom("rate_limit_events").execute();
  });

  async function accountWithPasskey() {
    const db = await database();
    const email = `pk-only-${uid()}@exemplo-condominio.com.br`;
    const password = `senha do teste ${uid()} com frase`;
    const userId = await insertUser(db, { email, passwordHash: await hashPassword(password), role: "admin" });
    await db
      .insertInto("passkeys")
      .values({
        id: `cred-${uid()}`,
        user_id: userId,
        name: "Celular",
        public_key: new Uint8Array([1, 2, 3]),
        counter: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { email, password, userId };
  }

  it("a passkey account's password alone opens no session, with the team's rule on or off", async () => {
    for (const required of [false, true]) {
      await setSecondFactorRequired(required);
      const { email, password, userId } = await accountWithPasskey();
      const result = await attemptLogin(new Request(`${SITE}/auth`), email, password, "198.51.100.20");
      expect(result).toMatchObject({ ok: true, location: SECOND_FACTOR_PATH });
      if (!result.ok) return;
      expect(result.setCookie).toMatch(/^sid2=/);
      const sessions = await (await database())
        .selectFrom("sessions")
        .select("id_hash")
        .where("user_id", "=", userId)
        .execute();
      expect(sessions).toEqual([]);
    }
    await setSecondFactorRequired(false);
  });

  it("a passkey alone must verify the user; as the second step, presence is enough and only the account's passkeys count", async () => {
    const { userId } = await accountWithPasskey();
    const request = new Request(`${SITE}/auth`);
    const alone = await authenticationOptions(request);
    expect(alone.userVerification).toBe("required");
    const second = await authenticationOptions(request, userId);
    expect(second.userVerification).toBe("discouraged");
    expect(second.allowCredentials).toHaveLength(1);
    const challenge = await (await database())
      .selectFrom("webauthn_challenges")
      .select("user_id")
      .where("challenge", "=", second.challenge)
      .executeTakeFirstOrThrow();
    expect(challenge.user_id).toBe(userId);
  });

  it("a session changes the account's keys only within 10 minutes of a password or a code", async () => {
    const { password, userId } = await accountWithPasskey();
    const cookie = await createSession(new Request(`${SITE}/auth`), userId);
    const token = /^sid=([^;]+)/.exec(cookie)?.[1] ?? "";
    // The session as the next request reads it.
    const current = async () => {
      const session = await getSession(new Request(`${SITE}/admin`, { headers: { Cookie: `sid=${token}` } }));
      if (!session) throw new Error("no session");
      return session;
    };
    // Sign-in counts as a confirmation…
    const until = recentAuthenticationUntil(await current());
    expect(Date.parse(until ?? "") - Date.now()).toBeGreaterThan(RECENT_AUTHENTICATION_MS - 60_000);
    // …for 10 minutes.
    const db = await database();
    const { idHash } = await current();
    await db
      .updateTable("sessions")
      .set({ authenticated_at: new Date(Date.now() - RECENT_AUTHENTICATION_MS - 1000).toISOString() })
      .where("id_hash", "=", idHash)
      .execute();
    expect(recentAuthenticationUntil(await current())).toBeNull();
    expect(await reauthenticate(await current(), { password: "senha errada", code: "" })).toEqual({
      ok: false,
      status: 400,
      message: "Senha incorreta.",
    });
    expect(await reauthenticate(await current(), { password: "", code: "123456" })).toMatchObject({
      ok: false,
    });
    expect(recentAuthenticationUntil(await current())).toBeNull();
    expect(await reauthenticate(await current(), { password, code: "" })).toEqual({ ok: true });
    expect(recentAuthenticationUntil(await current())).not.toBeNull();
    // A session row without the time (opened before the change) must confirm first.
    await db.updateTable("sessions").set({ authenticated_at: null }).where("id_hash", "=", idHash).execute();
    const before = await current();
    expect(recentAuthenticationUntil(before)).toBeNull();
    await markAuthenticated(before);
    // The request that confirmed sees it at once, and so does the next one.
    expect(recentAuthenticationUntil(before)).not.toBeNull();
    expect(recentAuthenticationUntil(await current())).not.toBeNull();
  });
});
