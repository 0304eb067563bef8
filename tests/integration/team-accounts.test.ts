import { createHash, randomBytes, randomUUID } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import { changePassword } from "~/server/accounts/change-password.server";
import { hashPassword, verifyPassword } from "~/server/accounts/password.server";
import { requestPasswordReset, resetPassword } from "~/server/accounts/password-resets.server";
import { createSession, getSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  resendInvitation,
  revokeInvitation,
} from "~/server/team/invitations.server";
import { changeTeamMember, LAST_ADMIN_MESSAGE, SELF_CHANGE_MESSAGE } from "~/server/team/team-members.server";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The team's accounts on every engine: the last active Administrador can be neither demoted,
// deactivated nor removed (also when two changes race), deactivating or removing an account
// ends its sessions, and an invitation link creates one account, once.

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost";
const uid = () => randomUUID().slice(0, 8);
/** Tests that hash passwords (argon2) and load the strength dictionaries: slow on a busy machine. */
const SLOW = 60_000;
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

describeOnEachEngine("team accounts", () => {
  beforeEach(async () => {
    const db = await database();
    await db.deleteFrom("outbox").execute();
    await db.deleteFrom("invitations").execute();
    await db.deleteFrom("rate_limit_events").execute();
    await db.deleteFrom("users").execute();
  });

  async function newUser(role: "admin" | "editor") {
    return insertUser(await database(), {
      email: `${role}-${uid()}@exemplo-condominio.com.br`,
      passwordHash: "x",
      role,
    });
  }

  async function signedIn(userId: string) {
    const cookie = await createSession(new Request(`${SITE}/auth`), userId);
    const token = /^sid=([^;]+)/.exec(cookie)?.[1] ?? "";
    return new Request(`${SITE}/admin`, { headers: { Cookie: `sid=${token}` } });
  }

  async function user(id: string) {
    const db = await database();
    return db.selectFrom("users").select(["role", "deactivated_at"]).where("id", "=", id).executeTakeFirst();
  }

  it("the only Administrador can be neither demoted, deactivated nor removed", async () => {
    const admin = await newUser("admin");
    const editor = await newUser("editor");
    const refused = { ok: false, status: 409, message: LAST_ADMIN_MESSAGE };
    // Another Administrador acting is the only way to reach deactivate/remove (one cannot do it to oneself).
    expect(await changeTeamMember(editor, admin, { kind: "role", role: "editor" })).toEqual(refused);
    expect(await changeTeamMember(editor, admin, { kind: "deactivate" })).toEqual(refused);
    expect(await changeTeamMember(editor, admin, { kind: "remove" })).toEqual(refused);
    expect(await changeTeamMember(admin, admin, { kind: "role", role: "editor" })).toEqual(refused);
    expect(await user(admin)).toEqual({ role: "admin", deactivated_at: null });
  });

  it("with a second active Administrador the first can be demoted; a deactivated one does not count", async () => {
    const first = await newUser("admin");
    const second = await newUser("admin");
    expect(await changeTeamMember(first, second, { kind: "deactivate" })).toMatchObject({ ok: true });
    expect(await changeTeamMember(first, first, { kind: "role", role: "editor" })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await changeTeamMember(first, second, { kind: "reactivate" })).toMatchObject({ ok: true });
    expect(await changeTeamMember(first, first, { kind: "role", role: "editor" })).toMatchObject({
      ok: true,
    });
    expect((await user(first))?.role).toBe("editor");
  });

  it("no one deactivates or removes their own account", async () => {
    const first = await newUser("admin");
    await newUser("admin");
    const refused = { ok: false, status: 403, message: SELF_CHANGE_MESSAGE };
    expect(await changeTeamMember(first, first, { kind: "deactivate" })).toEqual(refused);
    expect(await changeTeamMember(first, first, { kind: "remove" })).toEqual(refused);
  });

  it("two Administradores demoting each other at once: exactly one change goes through", async () => {
    const a = await newUser("admin");
    const b = await newUser("admin");
    const results = await Promise.all([
      changeTeamMember(a, b, { kind: "role", role: "editor" }),
      changeTeamMember(b, a, { kind: "role", role: "editor" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const db = await database();
    const admins = await db.selectFrom("users").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
  });

  it("deactivating or removing an account ends its sessions at once", async () => {
    const admin = await newUser("admin");
    const editor = await newUser("editor");
    const request = await signedIn(editor);
    expect((await getSession(request))?.user.role).toBe("editor");
    expect(await changeTeamMember(admin, editor, { kind: "deactivate" })).toMatchObject({ ok: true });
    expect(await getSession(request)).toBeNull();
    expect(await changeTeamMember(admin, editor, { kind: "reactivate" })).toMatchObject({ ok: true });
    const again = await signedIn(editor);
    expect(await getSession(again)).not.toBeNull();
    expect(await changeTeamMember(admin, editor, { kind: "remove" })).toMatchObject({ ok: true });
    expect(await getSession(again)).toBeNull();
    expect(await user(editor)).toBeUndefined();
  });

  it(
    "an invitation keeps only the link's hash, creates one account with its role, and works once",
    async () => {
      const admin = await newUser("admin");
      const email = `convidado-${uid()}@exemplo-condominio.com.br`;
      expect(await createInvitation(admin, { email, role: "editor" }, "Alvorada")).toEqual({ ok: true });
      const db = await database();
      const outbox = await db.selectFrom("outbox").select(["kind", "payload"]).execute();
      expect(outbox).toHaveLength(1);
      const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(outbox[0]?.payload ?? "")?.[1] ?? "";
      const stored = await db.selectFrom("invitations").select("token_hash").executeTakeFirstOrThrow();
      expect(stored.token_hash).toBe(sha256(token));
      expect(JSON.stringify(await db.selectFrom("invitations").selectAll().execute())).not.toContain(token);

      const weak = await acceptInvitation(token, { name: "Ana", password: "senha123" }, "Alvorada");
      expect(weak).toMatchObject({ ok: false, status: 400 });
      expect((await findInvitation(token)).ok).toBe(true);

      const password = `uma frase longa de ${uid()} palavras`;
      const [first, second] = await Promise.all([
        acceptInvitation(token, { name: "Ana Souza", password }, "Alvorada"),
        acceptInvitation(token, { name: "Ana Souza", password }, "Alvorada"),
      ]);
      expect([first, second].filter((result) => result.ok)).toHaveLength(1);
      const created = await db
        .selectFrom("users")
        .select(["name", "role"])
        .where("email", "=", email)
        .execute();
      expect(created).toEqual([{ name: "Ana Souza", role: "editor" }]);
      expect(await findInvitation(token)).toMatchObject({ ok: false, status: 404 });
    },
    SLOW,
  );

  it("an expired invitation answers 410; an unknown or malformed link 404", async () => {
    const admin = await newUser("admin");
    const email = `convidado-${uid()}@exemplo-condominio.com.br`;
    await createInvitation(admin, { email, role: "admin" }, "Alvorada");
    const db = await database();
    const payload = (await db.selectFrom("outbox").select("payload").executeTakeFirstOrThrow()).payload;
    const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(payload)?.[1] ?? "";
    await db
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await findInvitation(token)).toMatchObject({ ok: false, status: 410 });
    expect(
      await acceptInvitation(token, { name: "X", password: `frase ${uid()} bem comprida` }, "A"),
    ).toMatchObject({
      ok: false,
      status: 410,
    });
    expect(await findInvitation(randomBytes(32).toString("base64url"))).toMatchObject({ status: 404 });
    expect(await findInvitation("curto")).toMatchObject({ status: 404 });
  });

  it(
    "a reset link works once (also when used twice at once) and ends every session; an unknown e-mail queues nothing",
    async () => {
      const userId = await newUser("editor");
      const db = await database();
      const { email } = await db
        .selectFrom("users")
        .select("email")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      const session = await signedIn(userId);
      expect(await requestPasswordReset(`ninguem-${uid()}@exemplo.com.br`, "203.0.113.7", "Alvorada")).toBe(
        "requested",
      );
      expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(0);
      expect(await requestPasswordReset(email, "203.0.113.7", "Alvorada")).toBe("requested");
      const payload = (await db.selectFrom("outbox").select("payload").executeTakeFirstOrThrow()).payload;
      const token = /\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(payload)?.[1] ?? "";
      const password = `nova frase ${uid()} bem longa`;
      const results = await Promise.all([
        resetPassword(token, password, "Alvorada"),
        resetPassword(token, password, "Alvorada"),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await getSession(session)).toBeNull();
      const row = await db
        .selectFrom("users")
        .select("password_hash")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(password, row.password_hash)).toBe(true);
      expect(await resetPassword(token, `${password} 2`, "Alvorada")).toMatchObject({
        ok: false,
        status: 404,
      });
    },
    SLOW,
  );

  it(
    "changing the password ends the other sessions and keeps this one",
    async () => {
      const userId = await newUser("editor");
      const db = await database();
      const current = `frase atual ${uid()} comprida`;
      await db
        .updateTable("users")
        .set({ password_hash: await hashPassword(current) })
        .where("id", "=", userId)
        .execute();
      const here = await signedIn(userId);
      const there = await signedIn(userId);
      const session = await getSession(here);
      if (!session) throw new Error("no session");
      const next = `frase nova ${uid()} comprida`;
      expect(
        await changePassword(session, { current: "errada", password: next, confirmation: next }, "A"),
      ).toEqual({
        ok: false,
        status: 400,
        message: "Senha atual incorreta.",
      });
      expect(await getSession(there)).not.toBeNull();
      expect(await changePassword(session, { current, password: next, confirmation: next }, "A")).toEqual({
        ok: true,
      });
      expect(await getSession(here)).not.toBeNull();
      expect(await getSession(there)).toBeNull();
    },
    SLOW,
  );

  it("sending an invitation again replaces its link; a cancelled invitation's link no longer works", async () => {
    const admin = await newUser("admin");
    const email = `convidado-${uid()}@exemplo-condominio.com.br`;
    await createInvitation(admin, { email, role: "editor" }, "Alvorada");
    const db = await database();
    const links = async () =>
      (await db.selectFrom("outbox").select("payload").orderBy("created_at").execute()).map(
        (row) => /\/convite\/([A-Za-z0-9_-]{43})/.exec(row.payload)?.[1] ?? "",
      );
    const [first] = await links();
    const { id } = await db.selectFrom("invitations").select("id").executeTakeFirstOrThrow();
    expect(await resendInvitation(id, "Alvorada")).toEqual({ ok: true, email });
    const second = (await links()).find((token) => token !== first) ?? "";
    expect(await findInvitation(first ?? "")).toMatchObject({ ok: false, status: 404 });
    expect(await findInvitation(second)).toMatchObject({ ok: true, email });
    expect(await revokeInvitation(id)).toEqual({ ok: true, email });
    expect(await findInvitation(second)).toMatchObject({ ok: false, status: 404 });
    expect(await revokeInvitation(id)).toMatchObject({ ok: false, status: 404 });
    expect(await resendInvitation(id, "Alvorada")).toMatchObject({ ok: false, status: 404 });
  });
});
