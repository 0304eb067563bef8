import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { Conversions } from "~/lib/conversions";
import { loader as csvLoader } from "~/routes/admin-solicitacoes-conversoes-csv";
import { hashPassword } from "~/server/accounts/password.server";
import { createSession } from "~/server/accounts/sessions.server";
import { database } from "~/server/db/database.server";
import { parseDataSubject } from "~/server/personal-data/data-subject.server";
import { erasePersonalData } from "~/server/personal-data/personal-data.server";
import { conversions } from "~/server/visits/conversions.server";
import { insertTestLead, insertUser } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The conversions dashboard over a seeded fortnight, figures worked out by hand: Monday
// 2 November to Sunday 15 November 2026 (São Paulo, UTC−3), with rows the day before and the
// day after that must not count, and quote requests on both sides of the São Paulo midnights.

process.env.PUBLIC_URL = "http://localhost:3000";
const SITE = "http://localhost:3000";
const RANGE = { from: "2026-11-02", to: "2026-11-15" };
const ERASED_EMAIL = "sindica.apagada@exemplo-condominio.com.br";

type Dims = [page: string, referrer: string, utmSource: string, utmMedium: string, utmCampaign: string];
const NONE: Dims = ["", "", "", "", ""];
const google = (page: string): Dims => [page, "www.google.com", "", "", ""];
const instagram = (page: string): Dims => [page, "", "instagram", "social", "verao"];
const direct = (page: string): Dims => [page, "", "", "", ""];
const columns = ([page, referrer_host, utm_source, utm_medium, utm_campaign]: Dims) => ({
  page,
  referrer_host,
  utm_source,
  utm_medium,
  utm_campaign,
});

async function seed() {
  const db = await database();
  const views: Array<[string, Dims, string, number]> = [
    ["2026-11-01", google("/obras"), "celular", 1000],
    ["2026-11-02", google("/obras"), "celular", 30],
    ["2026-11-02", instagram("/obras"), "celular", 12],
    ["2026-11-08", ["/servicos", "(interno)", "", "", ""], "computador", 7],
    ["2026-11-09", google("/obras"), "computador", 40],
    ["2026-11-15", direct("/contato"), "celular", 11],
    ["2026-11-16", google("/obras"), "celular", 1000],
  ];
  await db
    .insertInto("visit_counts")
    .values(views.map(([day, dims, device, n]) => ({ day, ...columns(dims), device, views: n })))
    .execute();
  // Closed days: their unique visitors counted once, for the site, per page and per source.
  const uniques: Array<[string, "site" | "page" | "source", Dims, number]> = [
    ["2026-11-01", "site", NONE, 100],
    ["2026-11-02", "site", NONE, 10],
    ["2026-11-08", "site", NONE, 5],
    ["2026-11-09", "site", NONE, 20],
    ["2026-11-16", "site", NONE, 100],
    ["2026-11-01", "page", direct("/obras"), 99],
    ["2026-11-02", "page", direct("/obras"), 8],
    ["2026-11-08", "page", direct("/servicos"), 4],
    ["2026-11-09", "page", direct("/obras"), 15],
    ["2026-11-01", "source", google(""), 99],
    ["2026-11-02", "source", google(""), 6],
    ["2026-11-02", "source", instagram(""), 3],
    ["2026-11-08", "source", ["", "(interno)", "", "", ""], 4],
    ["2026-11-09", "source", google(""), 12],
  ];
  await db
    .insertInto("visit_uniques")
    .values(uniques.map(([day, grouping, dims, visitors]) => ({ day, grouping, ...columns(dims), visitors })))
    .execute();
  // The last day still open: its hashes, one row per hash and what it was seen with.
  const hashes: Array<[string, Dims]> = [
    ["h1", direct("/contato")],
    ["h1", google("/obras")],
    ["h2", direct("/contato")],
    ["h3", instagram("/contato")],
    ["h9", google("/obras")],
  ];
  await db
    .insertInto("visit_visitors")
    .values(
      hashes.map(([hash, dims], i) => ({
        // The last one is of the day after the range.
        day: i === hashes.length - 1 ? "2026-11-16" : "2026-11-15",
        visitor_hash: hash,
        ...columns(dims),
      })),
    )
    .execute();
  const taps: Array<[string, string, Dims, number]> = [
    ["2026-11-01", "whatsapp", google("/obras"), 50],
    ["2026-11-02", "whatsapp", google("/obras"), 3],
    ["2026-11-09", "telefone", instagram("/obras"), 2],
    ["2026-11-15", "whatsapp", direct("/contato"), 1],
    ["2026-11-16", "whatsapp", google("/obras"), 50],
  ];
  await db
    .insertInto("contact_taps")
    .values(taps.map(([day, kind, dims, n]) => ({ day, kind, ...columns(dims), taps: n })))
    .execute();
  const lead = (created: string, service: string, fields: Record<string, string | null> = {}) =>
    insertTestLead(db, { created_at: created, updated_at: created, service, ...fields });
  const fromGoogle = { source_page: "/obras", source_referrer_host: "www.google.com" };
  // Monday 00:00 in São Paulo: the range's first instant.
  await lead("2026-11-02T03:00:00.000Z", "Restauração de Fachadas", { ...fromGoogle, email: ERASED_EMAIL });
  // Sunday 1 November, 23:59:59 in São Paulo, although 2 November in UTC: outside.
  await lead("2026-11-02T02:59:59.000Z", "Restauração de Fachadas", fromGoogle);
  await lead("2026-11-08T12:00:00.000Z", "Impermeabilização", fromGoogle);
  await lead("2026-11-09T15:00:00.000Z", "Restauração de Fachadas");
  await lead("2026-11-10T12:00:00.000Z", "Pintura Predial", { source_page: "/contato" });
  // Sunday 15 November, 23:59:59 in São Paulo: the range's last second.
  await lead("2026-11-16T02:59:59.000Z", "Impermeabilização", {
    source_page: "/contato",
    source_referrer_host: "l.instagram.com",
    utm_source: "instagram",
    utm_medium: "social",
    utm_campaign: "verao",
  });
  // Monday 16 November, 00:00 in São Paulo: outside.
  await lead("2026-11-16T03:00:00.000Z", "Pintura Predial", fromGoogle);
  // A campaign tag that reads like a formula, alone in its own week.
  await lead("2026-10-07T15:00:00.000Z", "Outro", { utm_source: '=HYPERLINK("https://x")' });
}

const row = (label: string, views: number, visitors: number, requests: number, taps: number) => ({
  label,
  views,
  visitors,
  requests,
  taps,
});

const visitFigures = (data: Conversions) => ({
  weeks: data.weeks.map(({ requests: _requests, ...week }) => week),
  pages: data.pages.map(({ requests: _requests, ...page }) => page),
  sources: data.sources.map(({ requests: _requests, ...source }) => source),
});

describeOnEachEngine("the conversions dashboard", () => {
  let adminCookie = "";
  let editorCookie = "";
  let adminId = "";

  beforeAll(async () => {
    await seed();
    const db = await database();
    const passwordHash = await hashPassword("senha-de-teste-bem-longa-2026");
    const signedIn = async (role: "admin" | "editor") => {
      const id = await insertUser(db, {
        email: `${role}-${randomUUID().slice(0, 8)}@exemplo.com.br`,
        passwordHash,
        role,
      });
      if (role === "admin") adminId = id;
      return (await createSession(new Request(`${SITE}/auth`), id)).split(";")[0] ?? "";
    };
    adminCookie = await signedIn("admin");
    editorCookie = await signedIn("editor");
  });

  it("sums visits, visitors, requests and taps per week, the range's days only", async () => {
    const data = await conversions(RANGE);
    expect(data.weeks).toEqual([
      { week: "2026-11-02", views: 49, visitors: 15, requests: 2, taps: 3 },
      { week: "2026-11-09", views: 51, visitors: 23, requests: 3, taps: 3 },
    ]);
    expect(data.totals).toEqual({ views: 100, visitors: 38, requests: 5, taps: 6 });
  });

  it("joins pages, sources with their campaigns, and services", async () => {
    const data = await conversions(RANGE);
    expect(data.pages).toEqual([
      row("/obras", 82, 24, 2, 5),
      row("/contato", 11, 3, 2, 1),
      row("/servicos", 7, 4, 0, 0),
      row("", 0, 0, 1, 0),
    ]);
    // A click within the site is no source; the visits' labels are the requests' labels.
    expect(data.sources).toEqual([
      { ...row("www.google.com", 70, 19, 2, 3), campaign: "" },
      { ...row("instagram", 12, 4, 1, 2), campaign: "verao" },
      { ...row("Direto", 11, 2, 2, 1), campaign: "" },
    ]);
    expect(data.services).toEqual([
      { service: "Impermeabilização", requests: 2 },
      { service: "Restauração de Fachadas", requests: 2 },
      { service: "Pintura Predial", requests: 1 },
    ]);
  });

  it("cuts a week at the range's edges and counts a one-day range", async () => {
    const data = await conversions({ from: "2026-11-08", to: "2026-11-09" });
    expect(data.weeks).toEqual([
      { week: "2026-11-02", views: 7, visitors: 5, requests: 1, taps: 0 },
      { week: "2026-11-09", views: 40, visitors: 20, requests: 1, taps: 2 },
    ]);
    const day = await conversions({ from: "2026-11-15", to: "2026-11-15" });
    expect(day.weeks).toEqual([{ week: "2026-11-09", views: 11, visitors: 3, requests: 1, taps: 1 }]);
  });

  it("puts each request in its week over a range of many weeks", async () => {
    const data = await conversions({ from: "2026-09-28", to: "2026-11-15" });
    expect(data.weeks.map(({ week, requests }) => [week, requests])).toEqual([
      ["2026-09-28", 0],
      ["2026-10-05", 1],
      ["2026-10-12", 0],
      ["2026-10-19", 0],
      // Sunday 1 November in São Paulo, 2 November in UTC.
      ["2026-10-26", 1],
      ["2026-11-02", 2],
      ["2026-11-09", 3],
    ]);
    expect(data.totals.requests).toBe(7);
  });

  const csv = (query: string, cookie = adminCookie) =>
    csvLoader({
      request: new Request(`${SITE}/admin/solicitacoes/conversoes.csv?${query}`, {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    } as never).catch((thrown: unknown) => thrown as Response);

  /** The file as sent, its byte-order mark kept (Response.text() drops it). */
  const body = async (answer: Response) =>
    new TextDecoder("utf-8", { ignoreBOM: true }).decode(await answer.arrayBuffer());

  it("exports each table as CSV for Excel", async () => {
    const sources = await csv("tabela=origens&de=2026-11-02&ate=2026-11-15");
    expect(sources.status).toBe(200);
    expect(sources.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(sources.headers.get("content-disposition")).toBe(
      'attachment; filename="conversoes-origens-2026-11-02-a-2026-11-15.csv"',
    );
    expect(await body(sources)).toBe(
      "\uFEFF" +
        [
          "Origem;Campanha;Visualizações;Visitantes;Solicitações;Toques de contato;Conversão por 100 visitantes",
          'www.google.com;(sem campanha);70;19;2;3;"26,3"',
          'instagram;verao;12;4;1;2;"75,0"',
          'Direto;(sem campanha);11;2;2;1;"150,0"',
        ].join("\r\n") +
        "\r\n",
    );
    const weeks = await csv("tabela=semanas&de=2026-11-02&ate=2026-11-15");
    expect((await body(weeks)).split("\r\n")).toEqual([
      "\uFEFFSemana (segunda-feira);Visualizações;Visitantes;Solicitações;Toques de contato;Conversão por 100 visitantes",
      '02/11/2026;49;15;2;3;"33,3"',
      '09/11/2026;51;23;3;3;"26,1"',
      "",
    ]);
    const pages = await csv("tabela=paginas&de=2026-11-02&ate=2026-11-15");
    expect((await body(pages)).split("\r\n").slice(1, 3)).toEqual([
      '/obras;82;24;2;5;"29,2"',
      '/contato;11;3;2;1;"100,0"',
    ]);
    const services = await csv("tabela=servicos&de=2026-11-02&ate=2026-11-15");
    expect((await body(services)).split("\r\n").slice(0, 2)).toEqual([
      "\uFEFFServiço escolhido;Solicitações",
      "Impermeabilização;2",
    ]);
    // A tag written like a formula is text in the spreadsheet.
    const formula = await csv("tabela=origens&de=2026-10-05&ate=2026-10-11");
    expect((await body(formula)).split("\r\n")[1]).toBe(
      `"'=HYPERLINK(""https://x"")";(sem campanha);0;0;1;0;`,
    );
  });

  it("refuses an Editor and a bad period, in pt-BR", async () => {
    const editor = await csv("tabela=origens", editorCookie);
    expect(editor.status).toBe(403);
    expect(JSON.stringify(await editor.json())).toContain("Acesso restrito");
    const cases: Array<[string, RegExp]> = [
      ["tabela=origens&de=2026-02-30", /data inicial não é uma data válida/],
      ["tabela=origens&de=ontem", /data inicial não é uma data válida/],
      ["tabela=origens&de=2026-11-15&ate=2026-11-02", /data inicial deve ser igual ou anterior/],
      ["tabela=origens&de=2020-01-01&ate=2026-11-15", /no máximo 2 anos/],
      ["tabela=tudo", /Tabela desconhecida/],
    ];
    for (const [query, message] of cases) {
      const answer = await csv(query);
      expect(answer.status, query).toBe(400);
      expect(await answer.text(), query).toMatch(message);
    }
  });

  it("leaves the counts alone when a person is erased", async () => {
    const db = await database();
    const tableRows = async () =>
      Promise.all(
        (["visit_counts", "visit_uniques", "visit_visitors", "contact_taps"] as const).map(async (table) =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await conversions(RANGE);
    const rowsBefore = await tableRows();
    const subject = parseDataSubject(ERASED_EMAIL);
    if (!subject.ok) throw new Error(subject.message);
    await erasePersonalData(subject.subject, adminId);
    const after = await conversions(RANGE);
    expect(await db.selectFrom("leads").select("id").where("email", "=", ERASED_EMAIL).execute()).toEqual([]);
    expect(after.totals.requests).toBe(before.totals.requests - 1);
    expect(visitFigures(after)).toEqual(visitFigures(before));
    expect(await tableRows()).toEqual(rowsBefore);
  });
});
