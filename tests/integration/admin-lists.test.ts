import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadListQuery, PostListQuery } from "~/lib/admin-list";
import type { LeadStatus } from "~/lib/lead-status";
import type { PostStatus } from "~/lib/post-status";
import { parseLeadListQuery, parsePostListQuery } from "~/server/admin-lists/list-query.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import {
  deleteLead,
  leadsToCsv,
  listLeadServices,
  listLeads,
  listLeadsForExport,
} from "~/server/leads/leads-admin.server";
import { listPosts } from "~/server/posts/posts-admin.server";
import { testEngines } from "../support/test-database";

// The admin's lists at scale (docs/decisions/0026-admin-lists-at-scale.md): pages of 50 cut on
// the server, search and filters from the query string, only the shown columns loaded, and
// bad query strings refused or ignored, on every database engine.

const allPosts: PostListQuery = { search: "", status: null, category: null, from: null, to: null, page: 1 };
const allLeads: LeadListQuery = { search: "", status: null, service: null, from: null, to: null, page: 1 };
const HOUR = 3600_000;
/** Posts and requests start here and come one per hour after. 10 March 2024, 00:00 UTC. */
const START = Date.parse("2024-03-10T00:00:00.000Z");
const at = (n: number) => new Date(START + n * HOUR).toISOString();
const params = (query: string) => new URLSearchParams(query);

describe.each(testEngines())("admin lists on $name", (engine) => {
  const category = { id: randomUUID(), slug: "categoria-lista", name: "Categoria da Lista" };
  const other = { id: randomUUID(), slug: "outra-categoria", name: "Outra Categoria" };
  /** Post ids by their number n (created at `at(n)`). */
  const postIds: string[] = [];
  const leadIds: string[] = [];
  const POSTS = 120;
  /** Posts of the demo content (a fresh database has them). */
  let demoPosts = 0;
  const LEADS = 110;
  const postStatusOf = (n: number): PostStatus =>
    (["published", "draft", "archived"] as const)[n % 3] ?? "draft";
  const leadStatusOf = (n: number): LeadStatus => (n % 4 === 0 ? "fechado_ganho" : "novo");
  const serviceOf = (n: number) => (n % 2 === 0 ? "Restauração de Fachadas" : "Impermeabilização");

  beforeAll(async () => {
    await startDatabase(engine.env);
    const db = await database();
    demoPosts = (await listPosts(allPosts)).total;
    await db
      .insertInto("categories")
      .values([category, other].map((c) => ({ ...c, created_at: at(0) })))
      .execute();
    const posts = [];
    for (let n = 0; n < POSTS; n++) {
      const id = randomUUID();
      postIds.push(id);
      posts.push({
        id,
        title:
          n === 7
            ? "Impermeabilização da laje do João"
            : n === 8
              ? "Desconto de 100% no orçamento"
              : n === 9
                ? "Tabela [revisada] de preços"
                : `Post número ${n}`,
        slug: `post-lista-${n}`,
        excerpt: n === 10 ? "Resumo que fala de PASTILHAS soltas." : `Resumo do post ${n}.`,
        content: `<p>${"conteúdo longo ".repeat(200)} palavrasóbrenoconteúdo ${n}</p>`,
        category_id: n < 100 ? category.id : other.id,
        status: postStatusOf(n),
        featured: n === 1,
        read_time: 3,
        author_id: null,
        published_at: postStatusOf(n) === "published" ? at(n) : null,
        featured_image_url: null,
        created_at: at(n),
        updated_at: at(n),
      });
    }
    await db.insertInto("blog_posts").values(posts).execute();
    const leads = [];
    for (let n = 0; n < LEADS; n++) {
      const id = randomUUID();
      leadIds.push(id);
      leads.push({
        id,
        name: n === 5 ? "Maria Conceição Araújo" : `Síndico ${n}`,
        email: `sindico-${n}@exemplo.com.br`,
        phone: `(41) 9${String(8000 + n).padStart(4, "0")}-1234`,
        condominium: `Condomínio ${n}`,
        service: serviceOf(n),
        message:
          n === 6
            ? `Infiltração na garagem. ${"Detalhes da obra. ".repeat(100)}FIM-DA-MENSAGEM`
            : `Mensagem curta ${n} sobre rufos.`,
        status: leadStatusOf(n),
        note: n === 3 ? "Ligar de manhã." : "",
        created_at: at(n),
        updated_at: at(n),
      });
    }
    await db.insertInto("leads").values(leads).execute();
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  const mine = { ...allPosts, category: category.slug };

  describe("posts", () => {
    it("pages of 50, newest created first, every post once; a page past the end shows the last", async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => listPosts({ ...mine, page })));
      expect(pages.map((p) => [p.page, p.pageCount, p.total, p.items.length])).toEqual([
        [1, 2, 100, 50],
        [2, 2, 100, 50],
        [2, 2, 100, 50],
      ]);
      const ids = [...(pages[0]?.items ?? []), ...(pages[1]?.items ?? [])].map((post) => post.id);
      expect(ids).toEqual(postIds.slice(0, 100).reverse());
      // With the demo content's posts too.
      const everything = await listPosts(allPosts);
      expect(everything.total).toBe(POSTS + demoPosts);
      expect(everything.pageCount).toBe(Math.ceil((POSTS + demoPosts) / 50));
    });

    it("loads only the columns the list shows (never the content)", async () => {
      const [first] = (await listPosts({ ...allPosts, search: "Post número 1" })).items.slice(-1);
      expect(Object.keys(first ?? {}).sort()).toEqual([
        "category_name",
        "excerpt",
        "featured",
        "id",
        "read_time",
        "slug",
        "status",
        "title",
      ]);
      expect(first).toMatchObject({ title: "Post número 1", featured: true, category_name: category.name });
    });

    it("filters by status, category and creation day (in Curitiba), combined", async () => {
      const drafts = await listPosts({ ...mine, status: "draft", page: 1 });
      const expected = postIds.slice(0, 100).filter((_, n) => postStatusOf(n) === "draft");
      expect(drafts.total).toBe(expected.length);
      expect(drafts.items.map((p) => p.id)).toEqual(expected.reverse());
      expect(drafts.items.every((p) => p.status === "draft")).toBe(true);

      const others = await listPosts({ ...allPosts, category: other.slug });
      expect(others.items.map((p) => p.id)).toEqual(postIds.slice(100).reverse());
      expect((await listPosts({ ...allPosts, category: "sem-posts-aqui" })).total).toBe(0);

      // Post n is created at 10 March 00:00 UTC + n hours, i.e. 9 March 21:00 in Curitiba
      // (UTC-3) + n hours: 9 March holds n = 0..2, 10 March n = 3..26, 11 March n = 27..50.
      const ninth = await listPosts({ ...mine, from: "2024-03-09", to: "2024-03-09" });
      expect(ninth.items.map((p) => p.id)).toEqual(postIds.slice(0, 3).reverse());
      const tenth = await listPosts({ ...mine, from: "2024-03-10", to: "2024-03-10" });
      expect(tenth.items.map((p) => p.id)).toEqual(postIds.slice(3, 27).reverse());
      const fromEleventh = await listPosts({ ...mine, from: "2024-03-11" });
      expect(fromEleventh.total).toBe(100 - 27);
      const untilTenthPublished = await listPosts({ ...mine, to: "2024-03-10", status: "published" });
      expect(untilTenthPublished.items.map((p) => p.id)).toEqual(
        postIds
          .slice(0, 27)
          .filter((_, n) => postStatusOf(n) === "published")
          .reverse(),
      );
    });

    it("searches title and excerpt, case and accents ignored, never the content", async () => {
      const titles = async (search: string) =>
        (await listPosts({ ...mine, search })).items.map((post) => post.title);
      expect(await titles("impermeabilizacao")).toEqual(["Impermeabilização da laje do João"]);
      expect(await titles("JOÃO")).toEqual(["Impermeabilização da laje do João"]);
      expect(await titles("joao")).toEqual(["Impermeabilização da laje do João"]);
      expect(await titles("pastilhas soltas")).toEqual(["Post número 10"]);
      expect(await titles("palavrasóbrenoconteúdo")).toEqual([]);
      // LIKE, GLOB and regular-expression wildcards are taken literally.
      expect(await titles("100%")).toEqual(["Desconto de 100% no orçamento"]);
      expect(await titles("[revisada]")).toEqual(["Tabela [revisada] de preços"]);
      expect(await titles("%")).toEqual(["Desconto de 100% no orçamento"]);
      expect(await titles("_")).toEqual([]);
      expect(await titles("n.mero 1")).toEqual([]);
      expect(await titles("*")).toEqual([]);
      // Combined with a filter: the same search, but another status.
      expect((await listPosts({ ...mine, search: "joao", status: "published" })).total).toBe(0);
    });
  });

  describe("quote requests", () => {
    it("pages of 50, newest first; the message comes cut, the whole one only for the export", async () => {
      const first = await listLeads(allLeads);
      expect([first.page, first.pageCount, first.total, first.items.length]).toEqual([1, 3, LEADS, 50]);
      const pages = await Promise.all([1, 2, 3].map((page) => listLeads({ ...allLeads, page })));
      expect(pages.flatMap((p) => p.items.map((lead) => lead.id))).toEqual([...leadIds].reverse());
      const long = pages.flatMap((p) => p.items).find((lead) => lead.id === leadIds[6]);
      expect(Object.keys(long ?? {}).sort()).toEqual([
        "condominium",
        "created_at",
        "delivery",
        "deliveryAttempts",
        "deliveryError",
        "email",
        "id",
        "lost_reason",
        "messageCut",
        "messageExcerpt",
        "name",
        "note",
        "number",
        "phone",
        "repeat_of",
        "repeat_of_number",
        "service",
        "source_post_id",
        "source_post_title",
        "source_referrer_host",
        "status",
        "utm_campaign",
        "utm_medium",
        "utm_source",
      ]);
      expect(long?.messageExcerpt).toHaveLength(300);
      expect(long?.messageExcerpt.startsWith("Infiltração na garagem.")).toBe(true);
      expect(long?.messageCut).toBe(true);
      const short = pages.flatMap((p) => p.items).find((lead) => lead.id === leadIds[3]);
      expect(short).toMatchObject({ messageExcerpt: "Mensagem curta 3 sobre rufos.", messageCut: false });
      expect(short).toMatchObject({ note: "Ligar de manhã.", delivery: "none" });

      const exported = await listLeadsForExport({ ...allLeads, search: "garagem" });
      expect(exported.map((lead) => lead.id)).toEqual([leadIds[6]]);
      expect(exported[0]?.message.endsWith("FIM-DA-MENSAGEM")).toBe(true);
      expect(leadsToCsv(exported)).toContain("FIM-DA-MENSAGEM");
    });

    it("searches name, e-mail, phone and message, case and accents ignored", async () => {
      const names = async (search: string) =>
        (await listLeads({ ...allLeads, search })).items.map((lead) => lead.name);
      expect(await names("maria conceicao araujo")).toEqual(["Maria Conceição Araújo"]);
      expect(await names("sindico-42@")).toEqual(["Síndico 42"]);
      expect(await names("98042-1234")).toEqual(["Síndico 42"]);
      expect(await names("INFILTRACAO NA GARAGEM")).toEqual(["Síndico 6"]);
      expect(await names("fim-da-mensagem")).toEqual(["Síndico 6"]);
      expect((await listLeads({ ...allLeads, search: "rufos" })).total).toBe(LEADS - 1);
    });

    it("searches within a service: the count and the newest matches first, page after page", async () => {
      const facades = { ...allLeads, search: "rufos", service: "Restauração de Fachadas" };
      // Facades: even n; every message but Síndico 6's speaks of rufos.
      const expected = leadIds.filter((_, n) => n % 2 === 0 && n !== 6).reverse();
      const first = await listLeads(facades);
      expect(first.total).toBe(expected.length);
      expect(first.items.map((lead) => lead.id)).toEqual(expected.slice(0, first.items.length));
      const second = await listLeads({ ...facades, page: 2 });
      expect(second.items.map((lead) => lead.id)).toEqual(
        expected.slice(first.items.length, first.items.length + second.items.length),
      );
      expect(first.items.length + second.items.length).toBe(expected.length);
    });

    it("filters by status, service and day of arrival, combined; the export takes the same filters", async () => {
      const filters = {
        status: "fechado_ganho" as const,
        service: "Restauração de Fachadas",
        from: "2024-03-10",
      };
      const page = await listLeads({ ...allLeads, ...filters });
      // Arrived on 10 March (Curitiba) or later: n ≥ 3; closed: n % 4 === 0; facades: even n.
      const expected = leadIds.filter((_, n) => n >= 3 && n % 4 === 0).reverse();
      expect(page.items.map((lead) => lead.id)).toEqual(expected);
      expect(page.items.every((lead) => lead.status === "fechado_ganho")).toBe(true);
      const exported = await listLeadsForExport({ ...allLeads, ...filters });
      expect(exported.map((lead) => lead.id)).toEqual(expected);
      const until = await listLeads({ ...allLeads, service: "Impermeabilização", to: "2024-03-10" });
      expect(until.items.map((lead) => lead.id)).toEqual(
        leadIds
          .slice(0, 27)
          .filter((_, n) => n % 2 === 1)
          .reverse(),
      );
      expect(await listLeadServices()).toEqual(["Impermeabilização", "Restauração de Fachadas"]);
    });
  });

  describe("the search copy kept by the database", () => {
    it("follows a title changed by plain SQL, and goes with an erased request", async () => {
      const db = await database();
      const id = postIds[20] ?? "";
      await db
        .updateTable("blog_posts")
        .set({ title: "Vistoria de Marquise Açoriana" })
        .where("id", "=", id)
        .execute();
      const found = await listPosts({ ...mine, search: "acoriana" });
      expect(found.items.map((post) => post.id)).toEqual([id]);
      expect((await listPosts({ ...mine, search: "Post número 20" })).total).toBe(0);

      const leadId = leadIds[9] ?? "";
      expect((await listLeads({ ...allLeads, search: "sindico-9@" })).total).toBe(1);
      await deleteLead(leadId);
      const copies = await db
        .selectFrom("admin_lead_search")
        .select("lead_id")
        .where("lead_id", "=", leadId)
        .execute();
      expect(copies).toEqual([]);
      expect((await listLeads({ ...allLeads, search: "sindico-9@" })).total).toBe(0);
    });
  });

  describe("query strings", () => {
    it("reads the filters of an address", () => {
      expect(
        parsePostListQuery(
          params("busca=+laje+&status=draft&categoria=fachadas&de=2024-01-01&ate=2024-02-01&pagina=3"),
        ),
      ).toEqual({
        ok: true,
        query: {
          search: "laje",
          status: "draft",
          category: "fachadas",
          from: "2024-01-01",
          to: "2024-02-01",
          page: 3,
        },
      });
      // A GET form sends unused fields empty.
      expect(parsePostListQuery(params("busca=&status=&categoria=&de=&ate="))).toEqual({
        ok: true,
        query: allPosts,
      });
      expect(
        parseLeadListQuery(params("status=novo&servico=Impermeabiliza%C3%A7%C3%A3o&busca=joao")),
      ).toEqual({
        ok: true,
        query: { ...allLeads, status: "novo", service: "Impermeabilização", search: "joao" },
      });
    });

    it("falls back for what cannot hurt: a bad page is the first, a long search is cut", () => {
      for (const page of ["abc", "0", "-2", "1.5", "1e9", "", "9999999999999999999999"]) {
        expect(parsePostListQuery(params(`pagina=${page}`))).toEqual({ ok: true, query: allPosts });
        expect(parseLeadListQuery(params(`pagina=${page}`))).toEqual({ ok: true, query: allLeads });
      }
      const long = parsePostListQuery(params(`busca=${"a".repeat(10_000)}`));
      expect(long.ok && long.query.search).toBe("a".repeat(200));
      const nul = parseLeadListQuery(params("busca=jo%00ao"));
      expect(nul.ok && nul.query.search).toBe("joao");
    });

    it("refuses a filter it cannot apply, with a pt-BR message and the valid filters kept", () => {
      expect(parsePostListQuery(params("status=publicado&busca=laje"))).toEqual({
        ok: false,
        message: "Status de post inválido.",
        query: { ...allPosts, search: "laje" },
      });
      expect(parsePostListQuery(params("categoria=../../etc"))).toMatchObject({
        ok: false,
        message: "Categoria inválida.",
      });
      expect(parsePostListQuery(params("de=2024-02-30"))).toMatchObject({
        ok: false,
        message: "A data inicial é inválida; use o seletor de data.",
      });
      expect(parseLeadListQuery(params("ate=ontem&status=novo"))).toEqual({
        ok: false,
        message: "A data final é inválida; use o seletor de data.",
        query: { ...allLeads, status: "novo" },
      });
      expect(parseLeadListQuery(params("de=2024-05-02&ate=2024-05-01"))).toEqual({
        ok: false,
        message: "A data inicial deve ser igual ou anterior à data final.",
        query: { ...allLeads, from: "2024-05-02" },
      });
      expect(parseLeadListQuery(params("status=spam"))).toMatchObject({
        ok: false,
        message: "Etapa de solicitação inválida.",
      });
      expect(parseLeadListQuery(params(`servico=${"x".repeat(300)}`))).toMatchObject({
        ok: false,
        message: "Serviço inválido.",
      });
      expect(parseLeadListQuery(params("servico=a%00b"))).toMatchObject({
        ok: false,
        message: "Serviço inválido.",
      });
    });

    it("a search of only wildcards or odd characters still answers (no error on either engine)", async () => {
      for (const search of ["%_*?[]\\^$.|+(){}", "'; drop table leads; --", "\\", "ção]", "a]b"]) {
        await expect(listLeads({ ...allLeads, search })).resolves.toMatchObject({ total: 0 });
        await expect(listPosts({ ...allPosts, search })).resolves.toMatchObject({ total: 0 });
      }
    });
  });
});
