import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "~/lib/slug";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { deleteCategory } from "~/server/posts/categories-admin.server";
import { type PostForm, parsePostForm } from "~/server/posts/post-form-schema.server";
import {
  deletePost,
  getPostForEdit,
  listPosts,
  PostNotFoundError,
  postIdFromParam,
  savePost,
  UnknownCategoryError,
} from "~/server/posts/posts-admin.server";
import { insertCategory, insertPost } from "../support/db";
import { testEngines } from "../support/test-database";

// The admin's post and category rules (published_at per docs/decisions/0008-publication-date-kept.md,
// as implemented in posts-admin.server.ts) on every database engine.

const uid = () => randomUUID().slice(0, 8);

/** The admin's list unfiltered, on one page big enough for every post of these tests. */
const everyPost = async () =>
  (await listPosts({ search: "", status: null, category: null, from: null, to: null, page: 1 }, 10_000))
    .items;

describe.each(testEngines())("admin posts on $name", (engine) => {
  let authorId: string;
  let categoryId: string;

  beforeAll(async () => {
    await startDatabase(engine.env);
    const db = await database();
    authorId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        id: authorId,
        email: `autor-${authorId}@exemplo.com.br`,
        password_hash: "not-used-here",
        name: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const slug = await insertCategory(db, `Categoria Posts ${uid()}`, `categoria-posts-${uid()}`);
    categoryId = (
      await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  function form(overrides: Partial<PostForm> = {}): PostForm {
    return {
      title: `Post de teste ${uid()}`,
      categoryId,
      excerpt: "Resumo.",
      content: "<p>Conteúdo.</p>",
      readTime: 5,
      status: "draft",
      featured: false,
      featuredImageUrl: null,
      scheduledAt: null,
      ...overrides,
    };
  }

  async function row(id: string) {
    const db = await database();
    const found = await db
      .selectFrom("blog_posts")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return {
      ...found,
      published_at: found.published_at === null ? null : new Date(found.published_at).toISOString(),
      featured: Boolean(found.featured),
    };
  }

  const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

  describe("published_at", () => {
    it("is empty for a draft, set when first published, kept on re-saves while published, cleared when it leaves", async () => {
      const base = form({ title: `Ciclo de publicação ${uid()}` });
      const created = await savePost(null, base, authorId);
      expect(created.created).toBe(true);
      expect((await row(created.id)).published_at).toBeNull();
      expect((await row(created.id)).author_id).toBe(authorId);

      const before = Date.now();
      await savePost(created.id, { ...base, status: "published" }, authorId);
      const first = (await row(created.id)).published_at;
      expect(first).not.toBeNull();
      expect(Date.parse(first ?? "")).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(first ?? "")).toBeLessThanOrEqual(Date.now() + 1000);

      await tick();
      const resaved = await savePost(
        created.id,
        { ...base, status: "published", excerpt: "Resumo revisado.", featured: true, readTime: 8 },
        authorId,
      );
      expect(resaved).toEqual({ id: created.id, slug: created.slug, created: false, version: 3 });
      const after = await row(created.id);
      expect(after.published_at).toBe(first);
      expect(after.excerpt).toBe("Resumo revisado.");
      expect(after.featured).toBe(true);
      expect(after.read_time).toBe(8);

      await savePost(created.id, { ...base, status: "draft" }, authorId);
      expect((await row(created.id)).published_at).toBeNull();

      await tick();
      await savePost(created.id, { ...base, status: "published" }, authorId);
      const republished = (await row(created.id)).published_at;
      expect(republished).not.toBeNull();
      expect(Date.parse(republished ?? "")).toBeGreaterThan(Date.parse(first ?? ""));

      await savePost(created.id, { ...base, status: "archived" }, authorId);
      expect((await row(created.id)).published_at).toBeNull();
      expect((await row(created.id)).status).toBe("archived");
    });

    it("is set at once for a post created as published", async () => {
      const created = await savePost(null, form({ status: "published" }), authorId);
      expect((await row(created.id)).published_at).not.toBeNull();
    });
  });

  describe("slugs", () => {
    it("come from the title and get -1, -2 when taken", async () => {
      const title = `Manutenção   de Fachadas: guia ${uid()}!`;
      const expected = title
        .toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9\s-]/g, "")
        .trim()
        .replace(/\s+/g, "-");
      expect(expected).toMatch(/^manutencao-de-fachadas-guia-[a-z0-9]+$/);
      const first = await savePost(null, form({ title }), authorId);
      const second = await savePost(null, form({ title }), authorId);
      const third = await savePost(null, form({ title }), authorId);
      expect([first.slug, second.slug, third.slug]).toEqual([expected, `${expected}-1`, `${expected}-2`]);
      expect((await row(third.id)).slug).toBe(`${expected}-2`);
    });

    it("a post keeps its own slug when saved again with the same title", async () => {
      const title = `Slug próprio ${uid()}`;
      const first = await savePost(null, form({ title }), authorId);
      const second = await savePost(null, form({ title }), authorId);
      expect(second.slug).toBe(`${first.slug}-1`);

      const resavedFirst = await savePost(first.id, form({ title, excerpt: "Outro resumo." }), authorId);
      expect(resavedFirst.slug).toBe(first.slug);
      const resavedSecond = await savePost(second.id, form({ title, status: "published" }), authorId);
      expect(resavedSecond.slug).toBe(second.slug);
      expect((await row(first.id)).slug).toBe(first.slug);
      expect((await row(second.id)).slug).toBe(second.slug);
    });

    it("a title whose slug another post (e.g. inserted directly) has gets a suffix", async () => {
      const db = await database();
      const title = `Colisão ${uid()}`;
      const category = await db
        .selectFrom("categories")
        .select("slug")
        .where("id", "=", categoryId)
        .executeTakeFirstOrThrow();
      const slug = await insertPost(db, {
        title: "Outro título",
        slug: slugify(title),
        categorySlug: category.slug,
      });
      expect(slug).toMatch(/^colisao-[a-z0-9]+$/);
      const saved = await savePost(null, form({ title }), authorId);
      expect(saved.slug).toBe(`${slug}-1`);
    });
  });

  describe("content", () => {
    it("is sanitised on save: script, event handlers and javascript: URLs are removed", async () => {
      const body = new FormData();
      body.set("title", `Conteúdo perigoso ${uid()}`);
      body.set("categoryId", categoryId);
      body.set("excerpt", "Resumo.");
      body.set(
        "content",
        [
          '<h2 onclick="alert(1)">Seção</h2>',
          "<p>Texto <strong>forte</strong>.</p>",
          "<script>alert('xss')</script>",
          '<img src="https://example.com/foto.jpg" onerror="alert(2)" alt="foto">',
          '<a href="javascript:alert(3)">link ruim</a>',
          '<a href="JaVaScRiPt:alert(4)">outro</a>',
          '<p style="color:red" onmouseover="alert(5)">estilo</p>',
          '<iframe src="https://evil.example"></iframe>',
          '<a href="https://exemplo.com.br/norma">norma</a>',
        ].join(""),
      );
      body.set("readTime", "5");
      body.set("status", "draft");
      const parsed = parsePostForm(body);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
      const saved = await savePost(null, parsed.data, authorId);
      const { content } = await row(saved.id);

      expect(content).not.toMatch(/<script|alert\('xss'\)/i);
      expect(content).not.toMatch(/\bon[a-z]+\s*=/i);
      expect(content).not.toMatch(/javascript:/i);
      expect(content).not.toMatch(/<iframe|style=/i);
      expect(content).toContain("<h2>Seção</h2>");
      expect(content).toContain("<strong>forte</strong>");
      expect(content).toContain("link ruim");
      expect(content).toMatch(/<img[^>]+src="https:\/\/example\.com\/foto\.jpg"/);
      expect(content).toMatch(/<a href="https:\/\/exemplo\.com\.br\/norma"[^>]*>norma<\/a>/);
    });

    it("content that is empty once sanitised is refused", () => {
      const body = new FormData();
      body.set("title", "Título");
      body.set("categoryId", categoryId);
      body.set("excerpt", "Resumo.");
      body.set("content", "<script>alert(1)</script><p>   </p>");
      const parsed = parsePostForm(body);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.fieldErrors.content).toBe("Escreva o conteúdo do post.");
    });
  });

  describe("form rules", () => {
    function parse(fields: Record<string, string>) {
      const body = new FormData();
      const all: Record<string, string> = {
        title: "Título",
        categoryId,
        excerpt: "Resumo.",
        content: "<p>Conteúdo.</p>",
        ...fields,
      };
      for (const [key, value] of Object.entries(all)) body.set(key, value);
      return parsePostForm(body);
    }

    it.each([
      ["abc", 5],
      ["", 5],
      ["12", 12],
      ["0", 1],
      ["-3", 1],
      ["7.9", 7],
    ])("read time %j becomes %i", (readTime, expected) => {
      const parsed = parse({ readTime });
      expect(parsed.ok && parsed.data.readTime).toBe(expected);
    });

    it("status defaults to draft; featured is on only when sent", () => {
      const parsed = parse({});
      expect(parsed.ok && parsed.data.status).toBe("draft");
      expect(parsed.ok && parsed.data.featured).toBe(false);
      const featured = parse({ featured: "on", status: "published" });
      expect(featured.ok && featured.data.featured).toBe(true);
      expect(featured.ok && featured.data.status).toBe("published");
    });

    it("title, category, excerpt and content are required", () => {
      const parsed = parse({ title: "  ", categoryId: "", excerpt: "", content: "" });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(Object.keys(parsed.fieldErrors).sort()).toEqual(["categoryId", "content", "excerpt", "title"]);
        expect(parsed.fieldErrors.title).toBe("Informe o título.");
      }
    });
  });

  describe("errors and deletion", () => {
    it("refuses an unknown category and an unknown post", async () => {
      await expect(savePost(null, form({ categoryId: randomUUID() }), authorId)).rejects.toBeInstanceOf(
        UnknownCategoryError,
      );
      await expect(savePost(randomUUID(), form(), authorId)).rejects.toBeInstanceOf(PostNotFoundError);
    });

    it("deletes a post once", async () => {
      const created = await savePost(null, form(), authorId);
      expect(await deletePost(created.id)).toBe(true);
      expect(await deletePost(created.id)).toBe(false);
      expect((await everyPost()).some((post) => post.id === created.id)).toBe(false);
    });

    it("lists all posts, newest created first", async () => {
      const a = await savePost(null, form({ title: `Lista A ${uid()}` }), authorId);
      await tick();
      const b = await savePost(null, form({ title: `Lista B ${uid()}`, status: "archived" }), authorId);
      const ids = (await everyPost()).map((post) => post.id);
      expect(ids.indexOf(b.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    });

    it("the list carries only what it shows (no content); the editor reads one whole post", async () => {
      const content = `<p>Conteúdo só do editor ${uid()}.</p>`;
      const saved = await savePost(null, form({ content, featured: true }), authorId);
      const listed = (await everyPost()).find((post) => post.id === saved.id);
      expect(listed).toBeDefined();
      expect(Object.keys(listed ?? {}).sort()).toEqual([
        "category_name",
        "excerpt",
        "featured",
        "id",
        "read_time",
        "slug",
        "status",
        "title",
      ]);
      expect(listed?.featured).toBe(true);

      expect(await getPostForEdit(saved.id)).toEqual({
        id: saved.id,
        title: expect.any(String),
        excerpt: "Resumo.",
        content,
        category_id: categoryId,
        status: "draft",
        featured: true,
        read_time: 5,
        featured_image_url: null,
        scheduled_at: null,
        version: 1,
        seo: { metaTitle: null, metaDescription: null, socialImageUrl: null, noindex: false },
      });
      expect(await getPostForEdit(randomUUID())).toBeNull();
    });

    it("an address that cannot name a post never reaches a query", () => {
      const id = randomUUID();
      expect(postIdFromParam(id)).toBe(id);
      for (const bad of [undefined, "", "novo", "\u0000", `${id}\u0000`, "a".repeat(10_000)]) {
        expect(postIdFromParam(bad)).toBeNull();
      }
    });
  });

  describe("deleteCategory", () => {
    it("refuses a category that posts use, naming it; deletes an unused one", async () => {
      const db = await database();
      const usedName = `Categoria Usada ${uid()}`;
      const usedSlug = await insertCategory(db, usedName, `categoria-usada-${uid()}`);
      const used = await db
        .selectFrom("categories")
        .select("id")
        .where("slug", "=", usedSlug)
        .executeTakeFirstOrThrow();
      await savePost(null, form({ categoryId: used.id }), authorId);

      expect(await deleteCategory(used.id)).toEqual({
        ok: false,
        status: 409,
        message: `Não é possível excluir a categoria "${usedName}": 1 post usa essa categoria. Mova-os para outra categoria antes.`,
      });
      await savePost(null, form({ categoryId: used.id }), authorId);
      const twice = await deleteCategory(used.id);
      expect(twice.ok).toBe(false);
      if (!twice.ok) expect(twice.message).toContain("2 posts usam essa categoria");
      expect(await db.selectFrom("categories").select("id").where("id", "=", used.id).execute()).toHaveLength(
        1,
      );

      const unusedSlug = await insertCategory(db, `Categoria Livre ${uid()}`, `categoria-livre-${uid()}`);
      const unused = await db
        .selectFrom("categories")
        .select("id")
        .where("slug", "=", unusedSlug)
        .executeTakeFirstOrThrow();
      expect(await deleteCategory(unused.id)).toEqual({ ok: true });
      expect(await db.selectFrom("categories").select("id").where("id", "=", unused.id).execute()).toEqual(
        [],
      );
      expect(await deleteCategory(unused.id)).toEqual({
        ok: false,
        status: 404,
        message: "Categoria não encontrada.",
      });
    });
  });
});
