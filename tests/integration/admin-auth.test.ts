import { createHash, randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { attemptLogin, type LoginResult } from "~/server/accounts/login.server";
import {
  loadSessionKeyForCache,
  newSessionToken,
  sessionSigningKey,
} from "~/server/accounts/session-token.server";
import {
  ADMIN_SESSION_IDLE_MS,
  createSession,
  destroySession,
  getSession,
  mayBeSignedIn,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionIdleMs,
} from "~/server/accounts/sessions.server";
import { upsertAdmin } from "~/server/accounts/users.server";
import { database } from "~/server/db/database.server";
import { describeOnEachEngine } from "../support/engine-suite";

// Sign-in rate limits (failures for an e-mail slow it down, 20 attempts per address in 15 minutes
// are the hard limit) and sessions (3 days idle, an Administrador's 12 hours, sliding; 30 days
// at most; one per sign-in), on every database engine.

const SITE = "http://localhost";
// A plain-http site (the local demo): the session cookie is `sid`, Secure only on an HTTPS
// request. (The https site's `__Host-sid` is checked end to end, tests/e2e/security-headers.)
// Read on first use, so setting it before any test runs is enough.
process.env.PUBLIC_URL = "http://localhost:3000";
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FAILED = "E-mail ou senha incorretos.";
const LOCKED = "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.";

const uid = () => randomUUID().slice(0, 8);
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

let addressCounter = 1;
/** A client address no other test uses (the per-address counter is shared). */
const freshAddress = () => `198.51.100.${addressCounter++}`;

const loginRequest = () => new Request(`${SITE}/auth`, { method: "POST" });

describeOnEachEngine("admin sign-in and sessions", () => {
  /** An admin of this test's own (the per-e-mail counter is the e-mail's). */
  async function newAdmin() {
    const email = `admin-${uid()}@exemplo-condominio.com.br`;
    const password = `senha-correta-${uid()}`;
    await upsertAdmin({ email, password });
    const db = await database();
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return { email, password, id: user.id };
  }

  /** An Editor of this test's own (sessions of roles other than Administrador keep 3 days idle). */
  async function newEditor() {
    const editor = await newAdmin();
    const db = await database();
    await db.updateTable("users").set({ role: "editor" }).where("id", "=", editor.id).execute();
    return editor;
  }

  const failed: LoginResult = { ok: false, status: 401, message: FAILED };
  const locked: LoginResult = { ok: false, status: 429, message: LOCKED };

  /** Failures for a bucket written straight into the table (real ones are slowed down). */
  async function insertFailures(bucket: string, count: number, ageMs = 0) {
    const db = await database();
    const now = Date.now();
    await db
      .insertInto("rate_limit_events")
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: randomUUID(),
          bucket,
          created_at: new Date(now - ageMs - i * 1000).toISOString(),
        })),
      )
      .execute();
  }

  /** The counter an address's attempts go to: the one its first (failed) attempt creates. */
  async function addressBucket(address: string): Promise<string> {
    const db = await database();
    const buckets = async () =>
      (await db.selectFrom("rate_limit_events").select("bucket").distinct().execute()).map((r) => r.bucket);
    const before = new Set(await buckets());
    const email = `ninguem-${uid()}@exemplo.com.br`;
    expect(await attemptLogin(loginRequest(), email, "x", address)).toEqual(failed);
    const created = (await buckets()).filter((bucket) => !before.has(bucket) && !bucket.endsWith(email));
    expect(created).toHaveLength(1);
    return created[0] ?? "";
  }

  async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  }

  describe("login rate limit", () => {
    it("six wrong passwords for the owner's e-mail from one address do not lock the owner out: the right password from another address signs in", async () => {
      const admin = await newAdmin();
      const attacker = freshAddress();
      // The e-mail counts however it is typed.
      const spellings = [admin.email, admin.email.toUpperCase(), `  ${admin.email}  `];
      for (let i = 0; i < 6; i++) {
        expect(
          await attemptLogin(loginRequest(), spellings[i % 3] ?? admin.email, `errada-${i}`, attacker),
        ).toEqual(failed);
      }
      const owner = await attemptLogin(loginRequest(), admin.email, admin.password, freshAddress());
      expect(owner.ok).toBe(true);
    }, 30_000);

    it("each failure for an e-mail slows the next attempt for it, by at most a few seconds; other e-mails are not slowed", async () => {
      const admin = await newAdmin();
      for (let i = 0; i < 4; i++) {
        expect(await attemptLogin(loginRequest(), admin.email, "errada", freshAddress())).toEqual(failed);
      }
      // Four failures: the fifth attempt waits at least 4 × 250 ms, whoever sends it.
      const slowed = await timed(() =>
        attemptLogin(loginRequest(), admin.email.toUpperCase(), admin.password, freshAddress()),
      );
      expect(slowed.result.ok).toBe(true);
      expect(slowed.ms).toBeGreaterThanOrEqual(4 * 250 - 5);

      // A hundred failures in the window: the owner still signs in, after the capped delay.
      const db = await database();
      const emailBuckets = await db
        .selectFrom("rate_limit_events")
        .select("bucket")
        .where("bucket", "like", `%${admin.email}`)
        .distinct()
        .execute();
      expect(emailBuckets).toHaveLength(1);
      await insertFailures(emailBuckets[0]?.bucket ?? "", 100);
      const capped = await timed(() =>
        attemptLogin(loginRequest(), admin.email, admin.password, freshAddress()),
      );
      expect(capped.result.ok).toBe(true);
      expect(capped.ms).toBeGreaterThanOrEqual(3000 - 5);
      expect(capped.ms).toBeLessThan(10_000);

      // Another e-mail's attempt from the same moment is not held back by them.
      const other = await newAdmin();
      const unaffected = await timed(() =>
        attemptLogin(loginRequest(), other.email, other.password, freshAddress()),
      );
      expect(unaffected.result.ok).toBe(true);
      expect(unaffected.ms).toBeLessThan(capped.ms - 1000);
    }, 60_000);

    it("more than 20 attempts from one address get 429, even with the right password; other addresses are unaffected", async () => {
      const admin = await newAdmin();
      const address = freshAddress();
      // One real failure shows which counter the address uses; 18 more are written directly.
      const bucket = await addressBucket(address);
      await insertFailures(bucket, 18);
      // 19 failures: still checked (and this one is the 20th).
      expect(await attemptLogin(loginRequest(), `ninguem-${uid()}@exemplo.com.br`, "x", address)).toEqual(
        failed,
      );
      expect(await attemptLogin(loginRequest(), admin.email, admin.password, address)).toEqual(locked);
      expect(await attemptLogin(loginRequest(), `outro-${uid()}@exemplo.com.br`, "x", address)).toEqual(
        locked,
      );
      expect((await attemptLogin(loginRequest(), admin.email, admin.password, freshAddress())).ok).toBe(true);
    }, 30_000);

    it("simultaneous attempts cannot get past the address limit: of 30 sent at once from one address, at most 20 are checked", async () => {
      const admin = await newAdmin();
      const address = freshAddress();
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          attemptLogin(loginRequest(), `ninguem-${i}-${uid()}@exemplo.com.br`, `palpite-${i}`, address),
        ),
      );
      const checked = results.filter((result) => !result.ok && result.status === 401).length;
      const refused = results.filter((result) => !result.ok && result.status === 429).length;
      expect(checked + refused).toBe(30);
      expect(checked).toBeLessThanOrEqual(20);
      expect(await attemptLogin(loginRequest(), admin.email, admin.password, address)).toEqual(locked);
    }, 30_000);

    it("every address of one IPv6 /64 shares the address limit; an IPv4 client seen through a dual-stack socket is its IPv4 address", async () => {
      const admin = await newAdmin();
      const site = (addressCounter++).toString(16);
      const bucket = await addressBucket(`2001:db8:${site}:1::1`);
      await insertFailures(bucket, 19);
      const sameNetwork = `2001:db8:${site}:1:abcd::99`;
      expect(await attemptLogin(loginRequest(), admin.email, admin.password, sameNetwork)).toEqual(locked);
      const nextNetwork = `2001:db8:${site}:2::1`;
      expect((await attemptLogin(loginRequest(), admin.email, admin.password, nextNetwork)).ok).toBe(true);

      const v4 = `203.0.113.${addressCounter++ % 250}`;
      await insertFailures(await addressBucket(v4), 19);
      expect(await attemptLogin(loginRequest(), admin.email, admin.password, `::ffff:${v4}`)).toEqual(locked);
    }, 30_000);

    it("a successful sign-in does not count against its address", async () => {
      const admin = await newAdmin();
      const address = freshAddress();
      const bucket = await addressBucket(address);
      await insertFailures(bucket, 18);
      // 19 failures; three sign-ins in a row still get in, and a 20th failure is still checked.
      for (let i = 0; i < 3; i++) {
        expect((await attemptLogin(loginRequest(), admin.email, admin.password, address)).ok).toBe(true);
      }
      expect(await attemptLogin(loginRequest(), `ninguem-${uid()}@exemplo.com.br`, "x", address)).toEqual(
        failed,
      );
      expect(await attemptLogin(loginRequest(), admin.email, admin.password, address)).toEqual(locked);
    }, 30_000);

    it("an unknown e-mail gets the same answer as a wrong password", async () => {
      const admin = await newAdmin();
      const address = freshAddress();
      const unknown = await attemptLogin(
        loginRequest(),
        `ninguem-${uid()}@exemplo.com.br`,
        "qualquer",
        address,
      );
      const wrong = await attemptLogin(loginRequest(), admin.email, "senha-errada", freshAddress());
      expect(unknown).toEqual(failed);
      expect(wrong).toEqual(unknown);
    });

    it("attempts older than 15 minutes no longer count", async () => {
      const admin = await newAdmin();
      const address = freshAddress();
      const bucket = await addressBucket(address);
      await insertFailures(bucket, 25);
      expect(await attemptLogin(loginRequest(), admin.email, admin.password, address)).toEqual(locked);
      const db = await database();
      await db
        .updateTable("rate_limit_events")
        .set({ created_at: new Date(Date.now() - 16 * MINUTE).toISOString() })
        .where("bucket", "=", bucket)
        .execute();
      expect((await attemptLogin(loginRequest(), admin.email, admin.password, address)).ok).toBe(true);
    }, 30_000);

    it("a successful sign-in sets the session cookie with the flash 'Login realizado!'", async () => {
      const admin = await newAdmin();
      const result = await attemptLogin(loginRequest(), admin.email, admin.password, freshAddress());
      if (!result.ok) throw new Error(result.message);
      const token = /^sid=([^;]+)/.exec(result.setCookie)?.[1] ?? "";
      const db = await database();
      const row = await db
        .selectFrom("sessions")
        .selectAll()
        .where("id_hash", "=", sha256(decodeURIComponent(token)))
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(admin.id);
      expect(JSON.parse(row.flash ?? "null")).toMatchObject({
        title: "Login realizado!",
        description: "Bem-vindo de volta.",
      });
    });
  });

  describe("sessions", () => {
    interface Crafted {
      createdAgo?: number;
      lastSeenAgo?: number;
      expiresIn?: number;
      absoluteIn?: number;
    }

    /** A session row with chosen timestamps (offsets from now, in ms); returns its token. */
    async function craft(
      userId: string,
      { createdAgo = 0, lastSeenAgo = 0, expiresIn = 3 * DAY, absoluteIn = 30 * DAY }: Crafted = {},
    ) {
      const db = await database();
      const token = newSessionToken(await sessionSigningKey(db));
      const now = Date.now();
      await db
        .insertInto("sessions")
        .values({
          id_hash: sha256(token),
          user_id: userId,
          created_at: new Date(now - createdAgo).toISOString(),
          last_seen_at: new Date(now - lastSeenAgo).toISOString(),
          expires_at: new Date(now + expiresIn).toISOString(),
          absolute_expires_at: new Date(now + absoluteIn).toISOString(),
          flash: null,
        })
        .execute();
      return token;
    }

    const withCookie = (token: string) =>
      new Request(`${SITE}/admin`, { headers: { Cookie: `sid=${encodeURIComponent(token)}` } });

    async function stored(token: string) {
      const db = await database();
      const row = await db
        .selectFrom("sessions")
        .selectAll()
        .where("id_hash", "=", sha256(token))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        lastSeen: new Date(row.last_seen_at).getTime(),
        expires: new Date(row.expires_at).getTime(),
        absolute: new Date(row.absolute_expires_at).getTime(),
      };
    }

    it("createSession: 3 days idle (an Editor), 30 days at most; an HttpOnly, SameSite=Lax cookie, Secure over HTTPS", async () => {
      expect(SESSION_IDLE_MS).toBe(3 * DAY);
      expect(SESSION_MAX_MS).toBe(30 * DAY);
      const admin = await newEditor();
      const before = Date.now();
      const cookie = await createSession(new Request(SITE), admin.id);
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
      const token = /^sid=([^;]+)/.exec(cookie)?.[1] ?? "";
      const row = await stored(token);
      expect(row?.expires).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
      expect(row?.expires).toBeLessThanOrEqual(Date.now() + 3 * DAY + 1000);
      expect(row?.absolute).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
      expect((await getSession(withCookie(token)))?.user).toEqual({
        id: admin.id,
        email: admin.email,
        name: null,
        role: "editor",
      });

      const secure = await createSession(new Request("https://www.exemplo-condominio.com.br/auth"), admin.id);
      expect(secure).toMatch(/; Secure$/);
      // Every sign-in gets a new token.
      expect(/^sid=([^;]+)/.exec(secure)?.[1]).not.toBe(token);
    });

    it("an idle-expired session is refused and removed", async () => {
      const admin = await newAdmin();
      const token = await craft(admin.id, {
        createdAgo: 4 * DAY,
        lastSeenAgo: 3 * DAY + MINUTE,
        expiresIn: -MINUTE,
      });
      expect(await getSession(withCookie(token))).toBeNull();
      expect(await stored(token)).toBeUndefined();
    });

    it("an Administrador's session ends after 12 hours idle; an Editor's does not", async () => {
      const admin = await newAdmin();
      const editor = await newEditor();
      // Last used 13 hours ago, with the 3 days a session was given before (still in the future).
      const idle = { createdAgo: DAY, lastSeenAgo: 13 * HOUR, expiresIn: 3 * DAY - 13 * HOUR };
      const adminToken = await craft(admin.id, idle);
      const editorToken = await craft(editor.id, idle);
      expect(await getSession(withCookie(adminToken))).toBeNull();
      expect(await stored(adminToken)).toBeUndefined();
      expect((await getSession(withCookie(editorToken)))?.user.id).toBe(editor.id);

      // A new session of an Administrador is given 12 hours, and use slides it by 12 hours.
      const before = Date.now();
      const cookie = await createSession(new Request(SITE), admin.id);
      const token = /^sid=([^;]+)/.exec(cookie)?.[1] ?? "";
      expect((await stored(token))?.expires).toBeLessThanOrEqual(Date.now() + 12 * HOUR + 1000);
      expect((await stored(token))?.expires).toBeGreaterThanOrEqual(before + 12 * HOUR - 1000);
      const used = await craft(admin.id, { lastSeenAgo: 11 * HOUR, expiresIn: HOUR });
      expect(await getSession(withCookie(used))).not.toBeNull();
      expect((await stored(used))?.expires).toBeLessThanOrEqual(Date.now() + 12 * HOUR + 1000);
      expect((await stored(used))?.expires).toBeGreaterThanOrEqual(before + 12 * HOUR - 1000);
      // Where the limits are configured (sessions.server.ts).
      expect(ADMIN_SESSION_IDLE_MS).toBe(12 * HOUR);
      expect(sessionIdleMs("admin")).toBe(12 * HOUR);
      expect(sessionIdleMs("editor")).toBe(3 * DAY);
    });

    it("a session past its absolute limit is refused even if used a minute ago", async () => {
      const admin = await newAdmin();
      const token = await craft(admin.id, {
        createdAgo: 30 * DAY + MINUTE,
        lastSeenAgo: MINUTE,
        expiresIn: 3 * DAY - MINUTE,
        absoluteIn: -MINUTE,
      });
      expect(await getSession(withCookie(token))).toBeNull();
      expect(await stored(token)).toBeUndefined();
    });

    it("use slides the idle expiry forward (at most every 5 minutes), never past the absolute limit", async () => {
      const admin = await newEditor();

      const sliding = await craft(admin.id, {
        createdAgo: 2 * DAY,
        lastSeenAgo: 10 * MINUTE,
        expiresIn: DAY,
      });
      const before = Date.now();
      expect(await getSession(withCookie(sliding))).not.toBeNull();
      const slid = await stored(sliding);
      expect(slid?.expires).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
      expect(slid?.lastSeen).toBeGreaterThanOrEqual(before - 1000);

      const recent = await craft(admin.id, { lastSeenAgo: MINUTE, expiresIn: DAY });
      const untouched = await stored(recent);
      expect(await getSession(withCookie(recent))).not.toBeNull();
      expect(await stored(recent)).toEqual(untouched);

      const nearEnd = await craft(admin.id, {
        createdAgo: 29 * DAY,
        lastSeenAgo: 10 * MINUTE,
        expiresIn: 12 * 60 * MINUTE,
        absoluteIn: DAY,
      });
      const limit = (await stored(nearEnd))?.absolute;
      expect(await getSession(withCookie(nearEnd))).not.toBeNull();
      expect((await stored(nearEnd))?.expires).toBe(limit);
    });

    it("only a cookie this site signed names a session, and only such a cookie skips the render cache", async () => {
      // As startSite does before serving: the render cache checks signatures with this key.
      await loadSessionKeyForCache(await database());
      const admin = await newEditor();
      const cookie = await createSession(new Request(SITE), admin.id);
      const token = /^sid=([^;]+)/.exec(cookie)?.[1] ?? "";
      expect(token).toMatch(/^[A-Za-z0-9_-]{65}$/);
      expect(mayBeSignedIn(withCookie(token))).toBe(true);
      expect(await getSession(withCookie(token))).not.toBeNull();
      // Made up, in the shape of a session token: the old 43 characters, or 65 with a wrong
      // signature (the real token's, with its signature changed).
      const flipped = `${token.slice(0, 50)}${token[50] === "A" ? "B" : "A"}${token.slice(51)}`;
      for (const forged of [
        randomBytes(32).toString("base64url"),
        randomBytes(48).toString("base64url").slice(0, 65),
        flipped,
      ]) {
        expect(mayBeSignedIn(withCookie(forged)), forged).toBe(false);
        expect(await getSession(withCookie(forged)), forged).toBeNull();
      }
    });

    it("no cookie, an unknown token, or an absurdly long one: no session", async () => {
      expect(await getSession(new Request(`${SITE}/admin`))).toBeNull();
      expect(await getSession(withCookie(randomBytes(32).toString("base64url")))).toBeNull();
      expect(await getSession(withCookie("x".repeat(500)))).toBeNull();
      expect(
        await getSession(new Request(`${SITE}/admin`, { headers: { Cookie: "sid=%E0%A4%A" } })),
      ).toBeNull();
    });

    it("destroySession deletes the row and expires the cookie", async () => {
      const admin = await newAdmin();
      const token = await craft(admin.id);
      const cookie = await destroySession(withCookie(token));
      expect(cookie).toMatch(/^sid=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
      expect(await stored(token)).toBeUndefined();
      expect(await getSession(withCookie(token))).toBeNull();
    });

    it("signing in again from a browser that holds a session ends that session; others stay", async () => {
      const admin = await newAdmin();
      const old = await craft(admin.id);
      const elsewhere = await craft(admin.id);
      const request = new Request(`${SITE}/auth`, {
        method: "POST",
        headers: { Cookie: `tema=escuro; sid=${encodeURIComponent(old)}` },
      });
      const result = await attemptLogin(request, admin.email, admin.password, freshAddress());
      if (!result.ok) throw new Error(result.message);
      const token = decodeURIComponent(/^sid=([^;]+)/.exec(result.setCookie)?.[1] ?? "");
      expect(token).not.toBe(old);
      expect(await stored(old)).toBeUndefined();
      expect(await getSession(withCookie(old))).toBeNull();
      expect((await getSession(withCookie(token)))?.user.id).toBe(admin.id);
      // Another browser's session of the same admin is not this browser's to end.
      expect(await stored(elsewhere)).toBeDefined();
    });

    it("a new password ends the sessions the old one opened", async () => {
      const admin = await newAdmin();
      const token = await craft(admin.id);
      await upsertAdmin({ email: admin.email, password: `nova-senha-${uid()}` });
      expect(await getSession(withCookie(token))).toBeNull();
      // Two argon2 hashes and the password-strength dictionaries: slow on a busy machine.
    }, 30_000);
  });
});
