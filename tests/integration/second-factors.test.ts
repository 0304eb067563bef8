import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { beforeEach, expect, it } from "vitest";
import { createPendingSignIn, readPendingSignIn } from "~/server/accounts/pending-sign-in.server";
import { completeSecondFactor, MAX_CODES_PER_ACCOUNT } from "~/server/accounts/second-factor.server";
import {
  hasSecondFactor,
  lacksRequiredSecondFactor,
  secondFactorRequired,
  setSecondFactorRequired,
} from "~/server/accounts/second-factor-policy.server";
import {
  confirmTotp,
  pendingTotpSetup,
  RECOVERY_CODE_COUNT,
  spendRecoveryCode,
  startTotpSetup,
  totpStatus,
  unusedRecoveryCodes,
  verifyTotp,
} from "~/server/accounts/totp.server";
import { database } from "~/server/db/database.server";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The second-factor stores on every engine: a TOTP code is accepted once (its time step is
// remembered, also when the same code is sent twice at once), a recovery code works once, and
// the sign-in's second step refuses with 429 past its limit.

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost";
const uid = () => randomUUID().slice(0, 8);

function codeAt(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

describeOnEachEngine("second factors", () => {
  beforeEach(async () => {
    const db = await database();
    await db.deleteFrom("rate_limit_events").execute();
  });

  async function userWithTotp(now: number) {
    const userId = await insertUser(await database(), {
      email: `totp-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "admin",
    });
    const secret = (await startTotpSetup(userId)) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await totpStatus(userId)).toBe("pending");
    const codes = (await confirmTotp(userId, codeAt(secret, now), now)) ?? [];
    return { userId, secret, codes };
  }

  it("setup shows a QR code until confirmed; a wrong code confirms nothing; then ten recovery codes", async () => {
    const userId = await insertUser(await database(), {
      email: `setup-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "editor",
    });
    const secret = (await startTotpSetup(userId)) ?? "";
    const setup = await pendingTotpSetup(userId, "pessoa@exemplo.com.br", "Alvorada");
    expect(setup?.secret).toBe(secret);
    expect(setup?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const now = Date.now();
    const wrong = codeAt(secret, now) === "000000" ? "111111" : "000000";
    expect(await confirmTotp(userId, wrong, now)).toBeUndefined();
    expect(await totpStatus(userId)).toBe("pending");
    const codes = await confirmTotp(userId, codeAt(secret, now), now);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await totpStatus(userId)).toBe("on");
    // Once on, the secret is never handed out again, and a new setup cannot replace it.
    expect(await pendingTotpSetup(userId, "pessoa@exemplo.com.br", "Alvorada")).toBeUndefined();
    expect(await startTotpSetup(userId)).toBeUndefined();
    const db = await database();
    const stored = await db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", userId)
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes?.[0]);
    // Salted and keyed with the site secret (decision 0046), no longer a plain SHA-256.
    expect(stored.every((row) => /^rc1:[\w-]{22}:[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);
  });

  it("a TOTP code works once: the same step, or an older one, is refused afterwards", async () => {
    const now = Date.now();
    const { userId, secret } = await userWithTotp(now);
    // The confirming code's step is spent already.
    expect(await verifyTotp(userId, codeAt(secret, now), now)).toBe(false);
    const later = now + 60_000;
    expect(await verifyTotp(userId, codeAt(secret, later), later)).toBe(true);
    expect(await verifyTotp(userId, codeAt(secret, later), later)).toBe(false);
    expect(await verifyTotp(userId, codeAt(secret, later - 30_000), later)).toBe(false);
    // The same fresh code sent twice at once is accepted once.
    const next = later + 60_000;
    const both = await Promise.all([
      verifyTotp(userId, codeAt(secret, next), next),
      verifyTotp(userId, codeAt(secret, next), next),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it("a recovery code works once, in any spelling, and only for its own account", async () => {
    const now = Date.now();
    const owner = await userWithTotp(now);
    const other = await userWithTotp(now);
    const [first = "", second = ""] = owner.codes;
    expect(await spendRecoveryCode(other.userId, first)).toBe(false);
    expect(await spendRecoveryCode(owner.userId, ` ${first.toUpperCase().replace("-", " ")} `)).toBe(true);
    expect(await spendRecoveryCode(owner.userId, first)).toBe(false);
    expect(await unusedRecoveryCodes(owner.userId)).toBe(RECOVERY_CODE_COUNT - 1);
    const both = await Promise.all([
      spendRecoveryCode(owner.userId, second),
      spendRecoveryCode(owner.userId, second),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it("the second step: wrong codes end in 429, a right one makes a session once", async () => {
    const now = Date.now();
    const { userId, codes } = await userWithTotp(now);
    const request = new Request(`${SITE}/auth`);
    const cookie = await createPendingSignIn(request, userId);
    const token = /^sid2=([^;]+)/.exec(cookie)?.[1] ?? "";
    const withCookie = new Request(`${SITE}/auth/verificacao`, { headers: { Cookie: `sid2=${token}` } });
    const pending = await readPendingSignIn(withCookie);
    expect(pending?.userId).toBe(userId);
    if (!pending) return;
    const [code = ""] = codes;
    expect(await completeSecondFactor(withCookie, pending, code, "198.51.100.7")).toMatchObject({ ok: true });
    // The pending sign-in is spent.
    expect(await readPendingSignIn(withCookie)).toBeUndefined();
    // The audit log tells a recovery code from the app's: one used may mean a lost phone.
    const signIn = await (await database())
      .selectFrom("audit_log")
      .select("details")
      .where("user_id", "=", userId)
      .where("action", "=", "signin.success")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(signIn.details ?? "")).toEqual({
      method: "senha e segundo fator",
      fator: "código de recuperação",
    });

    const again = await createPendingSignIn(request, userId);
    const againToken = /^sid2=([^;]+)/.exec(again)?.[1] ?? "";
    const secondRequest = new Request(`${SITE}/auth/verificacao`, {
      headers: { Cookie: `sid2=${againToken}` },
    });
    const secondPending = await readPendingSignIn(secondRequest);
    if (!secondPending) throw new Error("no pending sign-in");
    for (let i = 0; i < MAX_CODES_PER_ACCOUNT; i++) {
      expect(await completeSecondFactor(secondRequest, secondPending, code, "198.51.100.8")).toMatchObject({
        ok: false,
        status: 401,
      });
    }
    const [, unused = ""] = codes;
    // Past the limit even a right code is refused unchecked (and stays unused).
    expect(await completeSecondFactor(secondRequest, secondPending, unused, "198.51.100.8")).toMatchObject({
      ok: false,
      status: 429,
    });
    expect(await spendRecoveryCode(userId, unused)).toBe(true);
  });

  it("the team rule: saved on both engines; an account meets it with TOTP or a passkey", async () => {
    const db = await database();
    const bare = await insertUser(db, {
      email: `sem-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "editor",
    });
    const withPasskey = await insertUser(db, {
      email: `pk-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role: "editor",
    });
    await db
      .insertInto("passkeys")
      .values({
        id: `cred-${uid()}`,
        user_id: withPasskey,
        name: "Celular",
        public_key: new Uint8Array([1, 2, 3]),
        counter: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const { userId: withTotp } = await userWithTotp(Date.now());
    expect(await hasSecondFactor(bare)).toBe(false);
    expect(await hasSecondFactor(withPasskey)).toBe(true);
    expect(await hasSecondFactor(withTotp)).toBe(true);
    expect(await lacksRequiredSecondFactor(bare)).toBe(false);
    await setSecondFactorRequired(true);
    await setSecondFactorRequired(true);
    expect(await secondFactorRequired()).toBe(true);
    expect(await lacksRequiredSecondFactor(bare)).toBe(true);
    expect(await lacksRequiredSecondFactor(withPasskey)).toBe(false);
    await setSecondFactorRequired(false);
    expect(await lacksRequiredSecondFactor(bare)).toBe(false);
  });
});
