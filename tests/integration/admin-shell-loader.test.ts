import { randomUUID } from "node:crypto";
import { createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from "react-router";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import * as layout from "~/routes/admin-layout";
import * as works from "~/routes/admin-obras";
import * as inbox from "~/routes/admin-solicitacoes";
import { hashPassword } from "~/server/accounts/password.server";
import { createSession, getSession, setFlash } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { insertTestLead, insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The admin layout reads the shell's data (the session, the user, the flash) once per request,
// not once per route: React Router runs the layout's loader and the page's for the same
// request, and the page's guard reuses the layout's session lookup (admin-guard.server.ts). Counted
// as the store sees it: the SELECTs on the sessions table during one request.

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost:3000";

// The routes as app/routes.ts nests them, run by React Router's own server-side handler.
const handler = createStaticHandler([
  {
    id: "routes/admin-layout",
    loader: layout.loader as never,
    shouldRevalidate: layout.shouldRevalidate,
    children: [
      { id: "routes/admin-solicitacoes", path: "admin/solicitacoes", loader: inbox.loader as never },
      { id: "routes/admin-obras", path: "admin/obras", loader: works.loader as never },
    ],
  },
]);

describeOnEachEngine("the admin shell's data", () => {
  let adminCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    const db = await database();
    const passwordHash = await hashPassword("senha-de-teste-bem-longa-2026");
    const signedIn = async (role: "admin" | "editor") => {
      const id = await insertUser(db, {
        email: `${role}-${randomUUID().slice(0, 8)}@exemplo.com.br`,
        passwordHash,
        role,
      });
      return (await createSession(new Request(`${SITE}/auth`), id)).split(";")[0] ?? "";
    };
    adminCookie = await signedIn("admin");
    editorCookie = await signedIn("editor");
    await insertTestLead(db, { name: "Síndica do Shell" });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** One request through the layout and the page; the queries that read the sessions table. */
  async function load(path: string, cookie: string) {
    vi.restoreAllMocks();
    const db = await database();
    const sessionReads: string[] = [];
    const selectFrom = db.selectFrom.bind(db);
    vi.spyOn(db, "selectFrom").mockImplementation(((from: string) => {
      if (/^sessions\b/.test(String(from))) sessionReads.push(String(from));
      return selectFrom(from as never);
    }) as never);
    const context = (await handler.query(new Request(`${SITE}${path}`, { headers: { Cookie: cookie } }))) as
      | StaticHandlerContext
      | Response;
    return { context, sessionReads };
  }

  it("reads the session once and the flash once for the layout and the page together", async () => {
    const { context, sessionReads } = await load("/admin/solicitacoes", adminCookie);
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    expect(context.statusCode).toBe(200);
    // One lookup of the session (getSession joins users) and one read of its flash (takeFlash).
    expect(sessionReads).toEqual(["sessions as s", "sessions"]);
    // The shell's data is the layout's; the page's is only what the page shows.
    const shell = context.loaderData["routes/admin-layout"];
    expect(shell).toMatchObject({ user: { role: "admin" }, flash: null });
    const page = context.loaderData["routes/admin-solicitacoes"] as Record<string, unknown>;
    for (const key of ["email", "role", "flash", "user"]) expect(page).not.toHaveProperty(key);
    expect(JSON.stringify(page)).toContain("Síndica do Shell");
  });

  it("hands the flash to the layout, which shows it once, whatever the page", async () => {
    const session = await getSession(new Request(`${SITE}/admin`, { headers: { Cookie: adminCookie } }));
    if (!session) throw new Error("no session");
    await setFlash(session, { title: "Obra salva!", description: "Ela já aparece no site." });
    const first = await load("/admin/obras", adminCookie);
    if (first.context instanceof Response) throw new Error(`answered ${first.context.status}`);
    expect(first.context.loaderData["routes/admin-layout"]).toMatchObject({
      flash: { title: "Obra salva!" },
    });
    expect(first.context.loaderData["routes/admin-obras"]).not.toHaveProperty("flash");
    const second = await load("/admin/obras", adminCookie);
    if (second.context instanceof Response) throw new Error(`answered ${second.context.status}`);
    expect(second.context.loaderData["routes/admin-layout"]).toMatchObject({ flash: null });
  });

  it("still guards each page on its own: an Editor's inbox is refused with 403, after one session read", async () => {
    const { context, sessionReads } = await load("/admin/solicitacoes", editorCookie);
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    expect(context.statusCode).toBe(403);
    // No route below the layout has an error boundary of its own: the refusal is the layout's.
    const error = context.errors?.["routes/admin-layout"];
    expect(isRouteErrorResponse(error) ? error.status : error).toBe(403);
    expect(sessionReads.filter((from) => from === "sessions as s")).toHaveLength(1);
  });

  it("sends a request without a session to the sign-in page", async () => {
    const { context } = await load("/admin/obras", "");
    expect(context).toBeInstanceOf(Response);
    expect((context as Response).headers.get("Location")).toBe("/auth");
  });
});
