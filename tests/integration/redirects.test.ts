import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { database } from "~/server/db/database.server";
import { parseRedirectCsv } from "~/server/redirects/redirect-csv.server";
import {
  addRedirects,
  deleteRedirect,
  findRedirectTarget,
  listRedirects,
  REDIRECTS_PAGE_SIZE,
} from "~/server/redirects/redirects.server";
import { insertPost } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// Redirects on every engine: the database keeps those of a renamed published post (no chains,
// whoever renames it), the owner's are refused when they would loop or chain, a CSV with one bad
// line imports nothing, and the list pages and searches on the server.

const uid = () => randomUUID().slice(0, 8);
const ORIGINS = ["https://www.example.com"];

describeOnEachEngine("redirects", () => {
  async function rename(slug: string, next: string) {
    const db = await database();
    await db.updateTable("blog_posts").set({ slug: next }).where("slug", "=", slug).execute();
  }

  async function redirectsTo(path: string) {
    const db = await database();
    const rows = await db.selectFrom("redirects").select("from_path").where("to_path", "=", path).execute();
    return rows.map((row) => row.from_path).sort();
  }

  it("points every old address of a renamed published post at its current one, without chains", async () => {
    const db = await database();
    const a = `artigo-a-${uid()}`;
    const b = `artigo-b-${uid()}`;
    const c = `artigo-c-${uid()}`;
    await insertPost(db, { title: "Artigo", slug: a, categorySlug: "fachadas" });
    await rename(a, b);
    expect(await findRedirectTarget(`/blog/${a}`)).toBe(`/blog/${b}`);
    await rename(b, c);
    expect(await findRedirectTarget(`/blog/${a}`)).toBe(`/blog/${c}`);
    expect(await findRedirectTarget(`/blog/${b}/`)).toBe(`/blog/${c}`);
    expect(await redirectsTo(`/blog/${c}`)).toEqual([`/blog/${a}`, `/blog/${b}`].sort());
    // Back to a former address: the post answers there again, and nothing loops.
    await rename(c, a);
    expect(await findRedirectTarget(`/blog/${a}`)).toBeNull();
    expect(await redirectsTo(`/blog/${a}`)).toEqual([`/blog/${b}`, `/blog/${c}`].sort());
  });

  it("leaves drafts alone: a slug that was never public needs no redirect", async () => {
    const db = await database();
    const draft = `rascunho-${uid()}`;
    await insertPost(db, { title: "Rascunho", slug: draft, categorySlug: "fachadas", status: "draft" });
    await rename(draft, `${draft}-novo`);
    expect(await findRedirectTarget(`/blog/${draft}`)).toBeNull();
  });

  it("adds the owner's redirects and refuses loops, chains, duplicates and published articles", async () => {
    const db = await database();
    const x = `/antigo/${uid()}`;
    const y = `/outro/${uid()}`;
    expect(await addRedirects([{ from: x, to: "/servicos" }])).toEqual({ ok: true, added: 1 });
    expect(await findRedirectTarget(`${x}/`)).toBe("/servicos");

    const refused = async (from: string, to: string) => {
      const result = await addRedirects([{ from, to }]);
      expect(result.ok).toBe(false);
      return result.ok ? "" : ([...result.problems.values()][0] ?? "");
    };
    expect(await refused(x, "/contato")).toMatch(/já existe um redirecionamento/);
    expect(await refused(y, x)).toMatch(/cadeias/);
    expect(await refused("/servicos-velho", "/servicos-velho")).toMatch(/si mesmo/);
    const z = `/z/${uid()}`;
    await addRedirects([{ from: z, to: y }]);
    expect(await refused(y, z)).toMatch(/ciclo/);
    expect(await refused(y, "/contato")).toMatch(/criaria uma cadeia/);
    const published = await insertPost(db, { title: "Publicado", categorySlug: "fachadas" });
    expect(await refused(`/blog/${published}`, "/contato")).toMatch(/artigo publicado/);
    expect(await findRedirectTarget(y)).toBeNull();
  });

  it("imports a CSV all or nothing, with a pt-BR message per bad line", async () => {
    const p = uid();
    const loop = parseRedirectCsv(`de,para\n/${p}/a,/${p}/b\n/${p}/b,/${p}/a\n`, ORIGINS);
    expect(loop.ok).toBe(true);
    if (!loop.ok) return;
    const refused = await addRedirects(loop.redirects);
    expect(refused.ok).toBe(false);
    expect(await findRedirectTarget(`/${p}/a`)).toBeNull();

    const bad = parseRedirectCsv(
      `/${p}/ok,/contato\n/${p}/../admin,/contato\nhttps://outro.com/${p},/contato\n/${p}/x\n"/${p}/aberto,/contato\n`,
      ORIGINS,
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.join("\n")).toMatch(/Linha \d/);

    const lines = parseRedirectCsv(
      `/${p}/ok,/contato\n/${p}/../admin,/contato\nhttps://outro.com/${p},/contato\n/${p}/x\n`,
      ORIGINS,
    );
    expect(lines.ok).toBe(false);
    if (lines.ok) return;
    expect(lines.errors).toEqual([
      'Linha 2: o endereço de origem não pode ter segmentos "." ou "..".',
      "Linha 3: o endereço de origem deve ser deste site (https://www.example.com), não de outro domínio.",
      "Linha 4: são esperadas 2 colunas (de,para), mas há 1.",
    ]);

    const good = parseRedirectCsv(
      `\uFEFFde;para\n/${p}/2019/05/minha-obra/;/obras\nhttps://www.example.com/${p}/contato-antigo;/contato?origem=site-antigo\n`,
      ORIGINS,
    );
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    expect(await addRedirects(good.redirects)).toEqual({ ok: true, added: 2 });
    expect(await findRedirectTarget(`/${p}/2019/05/minha-obra`)).toBe("/obras");
    expect(await findRedirectTarget(`/${p}/contato-antigo/`)).toBe("/contato?origem=site-antigo");
  });

  it("lists fifty a page, newest first, searches on the server and deletes", async () => {
    const p = `lista-${uid()}`;
    const many = Array.from({ length: REDIRECTS_PAGE_SIZE + 3 }, (_, index) => ({
      from: `/${p}/${index}`,
      to: "/blog",
    }));
    expect(await addRedirects(many)).toEqual({ ok: true, added: many.length });
    const first = await listRedirects({ search: p, page: 1 });
    expect(first.total).toBe(many.length);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(REDIRECTS_PAGE_SIZE);
    expect(first.items[0]?.from).toBe(`/${p}/${many.length - 1}`);
    const second = await listRedirects({ search: p.toUpperCase(), page: 2 });
    expect(second.items.map((item) => item.from)).toEqual([`/${p}/2`, `/${p}/1`, `/${p}/0`]);
    const gone = second.items[0];
    expect(gone && (await deleteRedirect(gone.id))).toBe(`/${p}/2`);
    expect(await findRedirectTarget(`/${p}/2`)).toBeNull();
    expect((await listRedirects({ search: "%", page: 1 })).total).toBe(0);
  });
});
