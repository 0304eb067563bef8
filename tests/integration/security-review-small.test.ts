import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { action as devicesAction } from "~/routes/admin-conta-dispositivos";
import { action as shareLinksAction } from "~/routes/admin-posts-links-de-previa";
import { action as redirectsAction } from "~/routes/admin-redirecionamentos";
import { loader as dashboardLoader } from "~/routes/admin-solicitacoes-painel";
import { changePassword } from "~/server/accounts/change-password.server";
import { hashPassword } from "~/server/accounts/password.server";
import {
  findPasswordReset,
  requestPasswordReset,
  resetPassword,
} from "~/server/accounts/password-resets.server";
import { createSession, getSession } from "~/server/accounts/sessions.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { leadConfirmation } from "~/server/email/lead-confirmation-email.server";
import { LEAD_CONFIRMATION, LEAD_NOTIFICATION } from "~/server/email/outbox.server";
import { saveLead } from "~/server/leads/leads.server";
import { findRedirectTarget } from "~/server/redirects/redirects.server";
import { insertCategory, insertPost, insertUser } from "../support/db";
import { validQuote } from "../support/quote-requests";
import { testEngines } from "../support/test-database";

// The small findings of the November 2026 security review (docs/decisions/0045), on every
// database engine: redirect targets stay on the site, the dashboard needs the leads
// permission, preview links and ended sessions are audited, a new reset request leaves an
// earlier link alone, and the visitor's confirmation repeats only the first name, once an hour.

// A plain-http site (the local demo): the session cookie is `sid`. Read on first use.
process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost:3000";
const PASSWORD = "senha-de-teste-bem-longa-2026";

const uid = () => randomUUID().slice(0, 8);

/** What a route's loader or action threw or returned, as a status and a body. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: value.status, body };
  }
  const init = (value as { init?: { status?: number } | null; data?: unknown } | null) ?? null;
  if (init && typeof init === "object" && "data" in init && "init" in init) {
    return { status: init.init?.status ?? 200, body: init.data };
  }
  return { status: 200, body: value };
}

describe.each(testEngines())("the security review's small findings on $name", (engine) => {
  let adminId: string;
  let adminEmail: string;
  let editorId: string;

  beforeAll(async () => {
    const { db } = await startDatabase(engine.env);
    const passwordHash = await hashPassword(PASSWORD);
    adminEmail = `admin-${uid()}@exemplo-condominio.com.br`;
    adminId = await insertUser(db, { email: adminEmail, passwordHash, role: "admin" });
    editorId = await insertUser(db, {
      email: `editora-${uid()}@exemplo-condominio.com.br`,
      passwordHash,
      role: "editor",
    });
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  /** A signed-in browser of this user: its cookie header, as createSession set it. */
  async function signedIn(userId: string): Promise<string> {
    const setCookie = await createSession(new Request(`${SITE}/auth`), userId);
    return setCookie.split(";")[0] ?? "";
  }

  function post(path: string, cookie: string, form: Record<string, string>): Request {
    return new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
  }

  const args = <T>(request: Request, params: Record<string, string> = {}) =>
    ({ request, params, context: {} }) as unknown as T;

  async function auditEntries(action: string) {
    const db = await database();
    return db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at").execute();
  }

  describe("redirect targets are paths of this site", () => {
    it("refuses //evil.example/phish (typed, or as a full address of the site) with a pt-BR message, and stores nothing", async () => {
      const cookie = await signedIn(editorId);
      const db = await database();
      for (const to of ["//evil.example/phish", `${SITE}//evil.example/phish`, "/\\evil.example/phish"]) {
        const from = `/antigo-${uid()}`;
        const answer = await outcome(() =>
          redirectsAction(args(post("/admin/redirecionamentos", cookie, { intent: "create", from, to }))),
        );
        expect(answer.status, to).toBe(400);
        expect((answer.body as { error: string }).error, to).toMatch(
          /deve (ser um caminho deste site|começar com "\/")|barras invertidas/,
        );
        const stored = await db.selectFrom("redirects").select("id").where("from_path", "=", from).execute();
        expect(stored, to).toEqual([]);
      }
    });

    it("never serves a bad target stored before (or by hand) as a redirect to another host", async () => {
      const db = await database();
      const from = `/legado-${uid()}`;
      await db
        .insertInto("redirects")
        .values({ from_path: from, to_path: "//evil.example/phish", created_at: new Date().toISOString() })
        .execute();
      expect(await findRedirectTarget(from)).toBeNull();
      const good = `/legado-${uid()}`;
      await db
        .insertInto("redirects")
        .values({ from_path: good, to_path: "/contato", created_at: new Date().toISOString() })
        .execute();
      expect(await findRedirectTarget(good)).toBe("/contato");
    });
  });

  it("the requests' dashboard needs the leads permission: an Editor gets 403, an Administrador opens it", async () => {
    const page = (cookie: string) =>
      outcome(() =>
        dashboardLoader(
          args(new Request(`${SITE}/admin/solicitacoes/painel`, { headers: { Cookie: cookie } })),
        ),
      );
    const editor = await page(await signedIn(editorId));
    expect(editor.status).toBe(403);
    expect(JSON.stringify(editor.body)).toContain("Acesso restrito");
    const admin = await page(await signedIn(adminId));
    expect(admin.status).toBe(200);
    expect(admin.body).toHaveProperty("dashboard");
  });

  it("creating and revoking a preview link are audited, without the link's token", async () => {
    const db = await database();
    const category = await insertCategory(db, `Prévias ${uid()}`, `previas-${uid()}`);
    const title = `Rascunho auditado ${uid()}`;
    const slug = await insertPost(db, { title, categorySlug: category, status: "draft" });
    const postId = (
      await db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
    ).id;
    const cookie = await signedIn(editorId);
    const path = `/admin/posts/${postId}/links-de-previa`;
    const created = (await (
      await shareLinksAction(args(post(path, cookie, { intent: "create" }), { id: postId }))
    ).json()) as { created: { id: string; path: string } };
    const token = created.created.path.split("/").at(-1) ?? "";
    expect(token).toHaveLength(43);
    const revoked = await shareLinksAction(
      args(post(path, cookie, { intent: "revoke", linkId: created.created.id }), { id: postId }),
    );
    expect(revoked.status).toBe(200);

    const [creation] = (await auditEntries("post.share_link_create")).filter(
      (row) => row.target_id === postId,
    );
    const [revocation] = (await auditEntries("post.share_link_revoke")).filter(
      (row) => row.target_id === postId,
    );
    expect(creation).toMatchObject({ user_id: editorId, target_type: "post", target_label: title });
    expect(revocation).toMatchObject({ user_id: editorId, target_type: "post", target_label: title });
    expect(JSON.stringify([creation, revocation])).not.toContain(token);
  });

  it("ending a session from the devices page, and ending the others, are audited", async () => {
    const userId = await insertUser(await database(), {
      email: `dispositivos-${uid()}@exemplo-condominio.com.br`,
      passwordHash: await hashPassword(PASSWORD),
      role: "editor",
    });
    const here = await signedIn(userId);
    const phone = await signedIn(userId);
    const laptop = await signedIn(userId);
    const tablet = await signedIn(userId);
    const phoneSession = await getSession(new Request(SITE, { headers: { Cookie: phone } }));
    const ended = await outcome(() =>
      devicesAction(
        args(post("/admin/conta/dispositivos", here, { intent: "end", id: phoneSession?.idHash ?? "" })),
      ),
    );
    expect(ended.status).toBe(302);
    expect(await getSession(new Request(SITE, { headers: { Cookie: phone } }))).toBeNull();
    const one = (await auditEntries("signin.session_end")).filter((row) => row.user_id === userId);
    expect(one).toHaveLength(1);

    const others = await outcome(() =>
      devicesAction(args(post("/admin/conta/dispositivos", here, { intent: "end-others" }))),
    );
    expect(others.status).toBe(302);
    for (const cookie of [laptop, tablet])
      expect(await getSession(new Request(SITE, { headers: { Cookie: cookie } }))).toBeNull();
    const all = (await auditEntries("signin.sessions_end_others")).filter((row) => row.user_id === userId);
    expect(all).toHaveLength(1);
    expect(JSON.parse(all[0]?.details ?? "{}")).toEqual({ ended: 2 });
  });

  describe("password reset links", () => {
    async function newAccount() {
      const email = `redefinir-${uid()}@exemplo-condominio.com.br`;
      const id = await insertUser(await database(), {
        email,
        passwordHash: await hashPassword(PASSWORD),
        role: "editor",
      });
      return { email, id };
    }

    /** The reset links e-mailed to this address, oldest first. */
    async function linksSentTo(email: string): Promise<string[]> {
      const db = await database();
      const rows = await db
        .selectFrom("outbox")
        .select("payload")
        .where("payload", "like", `%${email}%`)
        .orderBy("created_at")
        .execute();
      return rows.map((row) => /\/redefinir-senha\/([A-Za-z0-9_-]{43})/.exec(row.payload)?.[1] ?? "");
    }

    it("two requests: the first link still works; once one is used, the other is void", async () => {
      const account = await newAccount();
      expect(await requestPasswordReset(account.email, "198.51.100.71", defaultSite.name)).toBe("requested");
      expect(await requestPasswordReset(account.email, "198.51.100.72", defaultSite.name)).toBe("requested");
      const [first, second] = await linksSentTo(account.email);
      expect(first).toHaveLength(43);
      expect(second).toHaveLength(43);
      expect(await findPasswordReset(first ?? "")).toMatchObject({ ok: true, userId: account.id });
      expect(await resetPassword(first ?? "", "uma-nova-senha-bem-longa-2026", defaultSite.name)).toEqual({
        ok: true,
      });
      expect(await findPasswordReset(second ?? "")).toMatchObject({ ok: false, status: 404 });
    });

    it("a link still expires on its own schedule", async () => {
      const account = await newAccount();
      await requestPasswordReset(account.email, "198.51.100.73", defaultSite.name);
      const [link] = await linksSentTo(account.email);
      expect(await findPasswordReset(link ?? "", new Date(Date.now() + 31 * 60_000))).toMatchObject({
        ok: false,
        status: 410,
      });
    });

    it("changing the password on the account page voids the links not used yet", async () => {
      const account = await newAccount();
      await requestPasswordReset(account.email, "198.51.100.74", defaultSite.name);
      const [link] = await linksSentTo(account.email);
      const cookie = await signedIn(account.id);
      const session = await getSession(new Request(SITE, { headers: { Cookie: cookie } }));
      if (!session) throw new Error("no session");
      const changed = await changePassword(
        session,
        {
          current: PASSWORD,
          password: "outra-senha-bem-longa-2026",
          confirmation: "outra-senha-bem-longa-2026",
        },
        defaultSite.name,
      );
      expect(changed).toEqual({ ok: true });
      expect(await findPasswordReset(link ?? "")).toMatchObject({ ok: false, status: 404 });
    });
  });

  describe("the visitor's confirmation e-mail", () => {
    it("repeats only the visitor's first name, nothing else they typed", () => {
      const lead = {
        ...validQuote,
        name: "Maria Visite www.spam.example AGORA e ganhe",
        condominium: "Compre já em https://spam.example/oferta",
      };
      const from = { name: "Site", address: "site@alvorada.test" };
      const mail = leadConfirmation(lead, "Recebemos seu pedido.", from, defaultSite, randomUUID());
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain("Olá, Maria,");
        expect(body).not.toContain("spam.example");
        expect(body).not.toContain("AGORA");
        expect(body).not.toContain("Compre");
      }
      // A "first name" that is no name (a link, a long run of text) is not repeated either.
      for (const name of ["https://spam.example/x Silva", `${"A".repeat(31)} Silva`, "www.spam.example"]) {
        const other = leadConfirmation({ ...lead, name }, "Recebemos.", from, defaultSite, randomUUID());
        expect(other.text.startsWith("Olá,\n"), name).toBe(true);
        expect(other.text).not.toContain("spam.example");
      }
    });

    it("goes to one address at most once an hour; every request is still stored and notified", async () => {
      const email = `Visitante-${uid()}@Exemplo.com.br`;
      const first = await saveLead(
        { ...validQuote, email, message: "Primeiro pedido." },
        { confirmation: "Recebemos!" },
      );
      const second = await saveLead(
        { ...validQuote, email: email.toLowerCase(), message: "Segundo pedido, outra obra." },
        { confirmation: "Recebemos!" },
      );
      expect(second.stored).toBe(true);
      expect(second.id).not.toBe(first.id);
      const db = await database();
      const kinds = async (leadId: string) =>
        (await db.selectFrom("outbox").select("kind").where("lead_id", "=", leadId).execute())
          .map((row) => row.kind)
          .sort();
      expect(await kinds(first.id)).toEqual([LEAD_CONFIRMATION, LEAD_NOTIFICATION]);
      expect(await kinds(second.id)).toEqual([LEAD_NOTIFICATION]);

      // An hour later the address may get one again.
      const later = await saveLead(
        { ...validQuote, email, message: "Terceiro pedido, uma hora depois." },
        { confirmation: "Recebemos!" },
        new Date(Date.now() + 61 * 60_000),
      );
      expect(await kinds(later.id)).toEqual([LEAD_CONFIRMATION, LEAD_NOTIFICATION]);
    });
  });
});
