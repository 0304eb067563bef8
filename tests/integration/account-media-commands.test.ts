import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { expect, it } from "vitest";
import {
  changeOwnPassword,
  removeOwnPasskey,
  turnOffTwoFactor,
  turnOnTwoFactor,
} from "~/server/accounts/account-commands.server";
import { endDevice, endOtherDevices } from "~/server/accounts/device-commands.server";
import { hashPassword } from "~/server/accounts/password.server";
import { type CurrentSession, createSession, getSession } from "~/server/accounts/sessions.server";
import { signOut } from "~/server/accounts/sign-out.server";
import { newSingleUseToken } from "~/server/accounts/single-use-token.server";
import { confirmTotp, startTotpSetup, totpStatus } from "~/server/accounts/totp.server";
import { exportAuditLog } from "~/server/audit/audit-export.server";
import { database } from "~/server/db/database.server";
import {
  changeMediaDetails,
  removeMedia,
  uploadImage,
  uploadImages,
} from "~/server/media/media-commands.server";
import { storeImage } from "~/server/media/media-store.server";
import { acceptInvitation } from "~/server/team/invitations.server";
import { withAuditFailing } from "../support/audit-failing";
import { insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";
import { solidImage } from "../support/photo-fixtures";

// The accounts', media's and audit log's writes are commands (docs/decisions/0080): the change
// and its audit entry commit together or not at all, and a refused command writes neither. The
// audit insert is made to fail for real: the audit table is renamed away while the command runs.

const SITE = "http://localhost:5173";
const PASSWORD = "uma frase longa o bastante para a política";
const uid = () => randomUUID().slice(0, 8);

describeOnEachEngine("account and media commands", () => {
  async function entries(targetId: string): Promise<string[]> {
    const db = await database();
    const rows = await db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", targetId)
      .orderBy("at")
      .execute();
    return rows.map((row) => row.action);
  }

  /** A signed-in member of the team with a real session (and PASSWORD as password). */
  async function member(role: "admin" | "editor" = "editor") {
    const db = await database();
    const email = `conta-${uid()}@exemplo.com.br`;
    const id = await insertUser(db, { email, passwordHash: await hashPassword(PASSWORD), role });
    const cookie = (await createSession(new Request(SITE), id)).split(";")[0] ?? "";
    const request = () => new Request(`${SITE}/admin`, { headers: { Cookie: cookie } });
    const session = (await getSession(request())) as CurrentSession;
    return { id, email, session, request };
  }

  const png = async (colour: string) => solidImage(40, 30, colour).png().toBuffer();
  const file = async (name: string) => new File([new Uint8Array(await png(`#${uid().slice(0, 6)}`))], name);

  async function mediaRow(id: string) {
    const db = await database();
    return db.selectFrom("media").select(["name", "alt"]).where("id", "=", id).executeTakeFirst();
  }

  async function mediaNamed(name: string) {
    const db = await database();
    const rows = await db.selectFrom("media").select("id").where("name", "=", name).execute();
    return rows.map((row) => row.id);
  }

  it("media: an upload, an edit or a deletion and its entry together, or neither", async () => {
    const { session } = await member();

    const single = `envio-${uid()}.png`;
    const sent = await file(single);
    expect(
      await withAuditFailing(() => uploadImage(session, { file: sent, name: "", alt: "" })),
    ).toBeInstanceOf(Error);
    expect(await mediaNamed(single)).toEqual([]);

    const batch = `lote-${uid()}.png`;
    const batchFile = await file(batch);
    expect(await withAuditFailing(() => uploadImages(session, { files: [batchFile] }))).toBeInstanceOf(Error);
    expect(await mediaNamed(batch)).toEqual([]);

    const image = await storeImage(await png("#224466"), {
      source: "upload",
      uploadedBy: null,
      name: "Antes",
    });
    expect(
      await withAuditFailing(() =>
        changeMediaDetails(session, { id: image.id, name: "Depois", alt: "Telhado" }),
      ),
    ).toBeInstanceOf(Error);
    expect(await mediaRow(image.id)).toEqual({ name: "Antes", alt: "" });
    expect(await withAuditFailing(() => removeMedia(session, { id: image.id }))).toBeInstanceOf(Error);
    expect(await mediaRow(image.id)).toEqual({ name: "Antes", alt: "" });
    expect(await entries(image.id)).toEqual([]);

    // Done: the change and its entry.
    expect(await changeMediaDetails(session, { id: image.id, name: "Depois", alt: "Telhado" })).toMatchObject(
      {
        kind: "done",
        redirectTo: `/admin/midia/${image.id}`,
      },
    );
    expect(await removeMedia(session, { id: image.id })).toMatchObject({
      kind: "done",
      redirectTo: "/admin/midia",
    });
    expect(await entries(image.id)).toEqual(["media.update", "media.delete"]);
    const uploaded = await uploadImage(session, { file: await file(single), name: "", alt: "" });
    expect(uploaded).toMatchObject({ ok: true });
    if (uploaded.ok) expect(await entries(uploaded.image.id)).toEqual(["media.upload"]);
  });

  it("media: a refused command writes neither the change nor an entry", async () => {
    const { session } = await member();
    const image = await storeImage(await png("#446622"), {
      source: "upload",
      uploadedBy: null,
      name: "Fica",
    });
    expect(await changeMediaDetails(session, { id: image.id, name: "   ", alt: "" })).toMatchObject({
      kind: "refused",
      fieldErrors: { name: expect.any(String) },
    });
    expect(await changeMediaDetails(session, { id: randomUUID(), name: "Outro", alt: "" })).toMatchObject({
      kind: "not-found",
    });
    expect(await removeMedia(session, { id: "não é um id" })).toMatchObject({ kind: "not-found" });
    expect(await uploadImages(session, { files: [] })).toMatchObject({ kind: "refused" });
    const text = new File(["texto"], `nota-${uid()}.txt`, { type: "text/plain" });
    expect(await uploadImages(session, { files: [text] })).toMatchObject({ kind: "refused", status: 415 });
    expect(await uploadImage(session, { file: text, name: "", alt: "" })).toMatchObject({
      ok: false,
      status: 415,
    });
    expect(await mediaNamed(text.name)).toEqual([]);
    expect(await mediaRow(image.id)).toEqual({ name: "Fica", alt: "" });
    expect(await entries(image.id)).toEqual([]);
  });

  it("signing out: the session and its entry together, or neither", async () => {
    const { id, request } = await member();
    const db = await database();
    const signOuts = async () =>
      (
        await db
          .selectFrom("audit_log")
          .select("action")
          .where("user_id", "=", id)
          .where("action", "=", "signin.signout")
          .execute()
      ).length;
    expect(await withAuditFailing(() => signOut(request()))).toBeInstanceOf(Error);
    expect(await getSession(request())).not.toBeNull();
    expect(await signOuts()).toBe(0);
    expect((await signOut(request())).setCookie).toContain("Max-Age=0");
    expect(await getSession(request())).toBeNull();
    expect(await signOuts()).toBe(1);
    // No live session: nothing to end, nothing recorded.
    await signOut(request());
    expect(await signOuts()).toBe(1);
  });

  it("'Dispositivos conectados': a session ends with its entry, or not at all", async () => {
    const { id, session, request } = await member();
    const db = await database();
    const other = (await createSession(new Request(SITE), id)).split(";")[0] ?? "";
    const sessions = async () =>
      (await db.selectFrom("sessions").select("id_hash").where("user_id", "=", id).execute()).length;
    const otherHash = (await getSession(new Request(SITE, { headers: { Cookie: other } })))?.idHash as string;
    expect(await withAuditFailing(() => endDevice(session, { id: otherHash }))).toBeInstanceOf(Error);
    expect(await withAuditFailing(() => endOtherDevices(session))).toBeInstanceOf(Error);
    expect(await sessions()).toBe(2);
    expect(await entries(id)).toEqual([]);
    // Refused: no such session; nothing written.
    expect(await endDevice(session, { id: "f".repeat(64) })).toMatchObject({ kind: "not-found" });
    expect(await endDevice(session, { id: "não é um id" })).toMatchObject({ kind: "not-found" });
    expect(await sessions()).toBe(2);
    expect(await endDevice(session, { id: otherHash })).toMatchObject({ kind: "done" });
    expect(await endDevice(session, { id: session.idHash })).toEqual({
      kind: "answered",
      body: { signedOutHere: true },
    });
    expect(await getSession(request())).toBeNull();
    expect(await entries(id)).toEqual(["signin.session_end", "signin.session_end"]);
  });

  // Hashing passwords (argon2) takes a while on a busy machine.
  it("accepting an invitation: the account and its entry together, or neither", async () => {
    const db = await database();
    const email = `convidada-${uid()}@exemplo.com.br`;
    const { token, hash } = newSingleUseToken();
    const now = new Date();
    await db
      .insertInto("invitations")
      .values({
        id: randomUUID(),
        email,
        role: "editor",
        token_hash: hash,
        invited_by: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      })
      .execute();
    const accounts = async () => db.selectFrom("users").select("id").where("email", "=", email).execute();
    const input = { name: "Ana Souza", password: PASSWORD };
    expect(await withAuditFailing(() => acceptInvitation(token, input, "Alvorada"))).toBeInstanceOf(Error);
    expect(await accounts()).toEqual([]);
    // Refused (a weak password): nothing written, the link still works.
    expect(await acceptInvitation(token, { name: "Ana", password: "senha123" }, "Alvorada")).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await accounts()).toEqual([]);
    const accepted = await acceptInvitation(token, input, "Alvorada");
    expect(accepted).toMatchObject({ ok: true });
    if (accepted.ok) expect(await entries(accepted.userId)).toEqual(["user.invitation_accept"]);
  }, 30_000);

  it("the audit log's export: no file without its entry; a bad filter records nothing", async () => {
    const { session } = await member("admin");
    const db = await database();
    const exports = async () =>
      (
        await db
          .selectFrom("audit_log")
          .select("id")
          .where("user_id", "=", session.user.id)
          .where("action", "=", "audit.export")
          .execute()
      ).length;
    const searchParams = new URLSearchParams({ acao: "media" });
    expect(await withAuditFailing(() => exportAuditLog(session, { searchParams }))).toBeInstanceOf(Error);
    expect(await exports()).toBe(0);
    expect(
      await exportAuditLog(session, { searchParams: new URLSearchParams({ de: "ontem" }) }),
    ).toMatchObject({
      kind: "refused",
    });
    expect(await exports()).toBe(0);
    const editor = await member("editor");
    expect(await exportAuditLog(editor.session, { searchParams })).toMatchObject({ kind: "forbidden" });
    expect(await exportAuditLog(session, { searchParams })).toMatchObject({ kind: "answered" });
    expect(await exports()).toBe(1);
  });

  it("'Minha conta': a key's change, its entry and the owner's e-mail together, or none of them", async () => {
    const { id, email, session } = await member();
    const db = await database();
    const mails = async () =>
      (await db.selectFrom("outbox").select("payload").execute()).filter((row) => row.payload.includes(email))
        .length;
    const passwordHash = async () =>
      (await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
        .password_hash;

    const before = await passwordHash();
    const password = { current: PASSWORD, password: `${PASSWORD} nova`, confirmation: `${PASSWORD} nova` };
    expect(await withAuditFailing(() => changeOwnPassword(session, password, "Alvorada"))).toBeInstanceOf(
      Error,
    );
    expect(await passwordHash()).toBe(before);

    const secret = (await startTotpSetup(id)) ?? "";
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect(
      await withAuditFailing(() => turnOnTwoFactor(session, { code: code() }, "Alvorada")),
    ).toBeInstanceOf(Error);
    expect(await totpStatus(id)).toBe("pending");
    const codes = (await confirmTotp(id, code())) ?? [];
    expect(await totpStatus(id)).toBe("on");
    expect(
      await withAuditFailing(() =>
        turnOffTwoFactor(session, { password: PASSWORD, code: codes[0] ?? "" }, "Alvorada"),
      ),
    ).toBeInstanceOf(Error);
    expect(await totpStatus(id)).toBe("on");

    const passkey = `cred-${uid()}`;
    await db
      .insertInto("passkeys")
      .values({
        id: passkey,
        user_id: id,
        name: "Notebook",
        public_key: new Uint8Array([1, 2, 3]),
        counter: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const passkeys = async () =>
      (await db.selectFrom("passkeys").select("id").where("user_id", "=", id).execute()).length;
    expect(
      await withAuditFailing(() => removeOwnPasskey(session, { id: passkey }, "Alvorada")),
    ).toBeInstanceOf(Error);
    expect(await passkeys()).toBe(1);
    expect(await entries(id)).toEqual([]);
    expect(await mails()).toBe(0);

    // Refused: a wrong current password, a wrong code, someone else's passkey; nothing written.
    expect(
      await changeOwnPassword(session, { ...password, current: "senha errada" }, "Alvorada"),
    ).toMatchObject({ kind: "refused", message: "Senha atual incorreta." });
    expect(
      await changeOwnPassword(session, { ...password, confirmation: "outra" }, "Alvorada"),
    ).toMatchObject({
      kind: "refused",
      message: "As senhas não conferem.",
    });
    expect(await passwordHash()).toBe(before);
    expect(
      await turnOffTwoFactor(session, { password: "senha errada", code: "123456" }, "Alvorada"),
    ).toMatchObject({ kind: "refused", message: "Senha incorreta." });
    expect(await totpStatus(id)).toBe("on");
    const stranger = await member();
    expect(await removeOwnPasskey(stranger.session, { id: passkey }, "Alvorada")).toMatchObject({
      kind: "not-found",
    });
    expect(await passkeys()).toBe(1);
    expect(await entries(id)).toEqual([]);
    expect(await mails()).toBe(0);

    // Done: each change with its entry and its e-mail.
    expect(await removeOwnPasskey(session, { id: passkey }, "Alvorada")).toMatchObject({ kind: "done" });
    expect(
      await turnOffTwoFactor(session, { password: PASSWORD, code: codes[1] ?? "" }, "Alvorada"),
    ).toMatchObject({ kind: "done" });
    expect(await changeOwnPassword(session, password, "Alvorada")).toMatchObject({
      kind: "done",
      redirectTo: "/admin/conta",
    });
    expect(await entries(id)).toEqual(["user.passkey_remove", "user.two_factor_off", "user.password_change"]);
    expect(await mails()).toBe(3);
  }, 30_000);
});
