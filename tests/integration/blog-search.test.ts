import { expect, it } from "vitest";
import { database } from "~/server/db/database.server";
import { demoPosts } from "~/server/db/seed/demo-posts";
import { listCategories } from "~/server/posts/public-posts.server";
import { searchPublishedPosts } from "~/server/posts/search-posts.server";
import { insertPost } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";

// The blog search on each engine, against what migration 0011 keeps indexed. Posts made here
// carry invented words, so the demo content never matches them by chance.

const slugsFor = async (text: string, categorySlug: string | null = null, visible = 200) => {
  const category = categorySlug ? (await listCategories()).find((c) => c.slug === categorySlug) : undefined;
  if (categorySlug && !category) throw new Error(`no category ${categorySlug}`);
  const results = await searchPublishedPosts(text, category?.id ?? null, visible);
  return results.posts.map((post) => post.slug);
};

describeOnEachEngine("blog search", () => {
  it("indexes the posts that existed before the migration (the demo content) and ignores accents", async () => {
    const withAccents = demoPosts.filter(
      (p) => p.status === "published" && p.title.includes("Impermeabilização"),
    );
    expect(withAccents.length).toBeGreaterThan(0);
    for (const typed of ["impermeabilizacao", "Impermeabilização", "IMPERMEABILIZACAO"]) {
      const found = await slugsFor(typed);
      for (const post of withAccents) expect(found).toContain(post.slug);
    }
    const drafts = demoPosts.filter((p) => p.status !== "published").map((p) => p.slug);
    expect(drafts.length).toBeGreaterThan(0);
    const everything = await slugsFor("condomínio");
    for (const draft of drafts) expect(everything).not.toContain(draft);
  });

  it("finds accented text from a search without accents, and plain text from a search with them", async () => {
    const db = await database();
    const accented = await insertPost(db, {
      title: "Vistoria do jequitibá no pátio",
      content: "<p>O <strong>piçarrão</strong> do estacionamento foi refeito.</p>",
      categorySlug: "fachadas",
    });
    const plain = await insertPost(db, {
      title: "Relato tecnico",
      content: "<p>O xilografo registrou a cronica da obra.</p>",
      categorySlug: "fachadas",
    });
    for (const typed of ["jequitiba", "JEQUITIBÁ", "picarrao", "piçarrão", "Piçarrao"]) {
      expect(await slugsFor(typed)).toEqual([accented]);
    }
    for (const typed of ["xilógrafo", "crônica", "técnico xilógrafo"]) {
      expect(await slugsFor(typed)).toEqual([plain]);
    }
  });

  it("requires every word, and reads the text of the content, not its tags, attributes or entities", async () => {
    const db = await database();
    const slug = await insertPost(db, {
      title: "Guia de calafetação",
      content:
        '<h2>Etapas</h2><p>Use o <a href="https://exemplo.com/zorbalink">selante zarvélico</a>&nbsp;com cuidado &amp; atenção.</p>',
      categorySlug: "fachadas",
    });
    expect(await slugsFor("zarvelico")).toEqual([slug]);
    expect(await slugsFor("selante zarvélico calafetação")).toEqual([slug]);
    expect(await slugsFor("zarvelico inexistentepalavra")).toEqual([]);
    expect(await slugsFor("zorbalink")).toEqual([]);
    expect(await slugsFor("nbsp zarvelico")).toEqual([]);
  });

  it("puts a title match before a match in the content only", async () => {
    const db = await database();
    const inContent = await insertPost(db, {
      title: "Notas da obra de março",
      excerpt: "Registro semanal.",
      content: "<p>Encontramos o quelônio no jardim. O quelônio voltou; outro quelônio apareceu.</p>",
      categorySlug: "fachadas",
      publishedAt: "2025-06-01T12:00:00.000Z",
    });
    const inExcerpt = await insertPost(db, {
      title: "Relatório do jardim",
      excerpt: "Um quelônio no canteiro.",
      content: "<p>Texto sem a palavra.</p>",
      categorySlug: "fachadas",
      publishedAt: "2024-06-01T12:00:00.000Z",
    });
    const inTitle = await insertPost(db, {
      title: "O quelônio do condomínio",
      excerpt: "Uma história curta.",
      content: "<p>Texto sem a palavra.</p>",
      categorySlug: "fachadas",
      publishedAt: "2020-06-01T12:00:00.000Z",
    });
    expect(await slugsFor("quelonio")).toEqual([inTitle, inExcerpt, inContent]);
  });

  it("combines the search with the category filter and counts the matches", async () => {
    const db = await database();
    const facade = await insertPost(db, { title: "Pastilha trevosa na fachada", categorySlug: "fachadas" });
    const roof = await insertPost(db, {
      title: "Laje trevosa",
      categorySlug: "impermeabilizacao",
      publishedAt: "2021-01-01T00:00:00.000Z",
    });
    const older = await insertPost(db, {
      title: "Outra laje trevosa",
      categorySlug: "impermeabilizacao",
      publishedAt: "2020-01-01T00:00:00.000Z",
    });
    expect(await slugsFor("trevosa", "fachadas")).toEqual([facade]);
    expect((await slugsFor("trevosa", "impermeabilizacao")).sort()).toEqual([roof, older].sort());
    expect((await slugsFor("trevosa")).sort()).toEqual([facade, roof, older].sort());

    const categories = await listCategories();
    const roofs = categories.find((c) => c.slug === "impermeabilizacao");
    const firstPage = await searchPublishedPosts("trevosa", roofs?.id ?? null, 1);
    expect(firstPage).toMatchObject({ total: 2, hasMore: true });
    expect(firstPage.posts).toHaveLength(1);
    const all = await searchPublishedPosts("trevosa", null, 4);
    expect(all).toMatchObject({ total: 3, hasMore: false });
    expect(all.posts[0]?.category.name).toBeTruthy();
  });

  it("reflects edits, unpublishing, republishing and deletion at once, whoever writes the row", async () => {
    const db = await database();
    const slug = await insertPost(db, { title: "Marquise ondulante", categorySlug: "fachadas" });
    expect(await slugsFor("ondulante")).toEqual([slug]);

    await db
      .updateTable("blog_posts")
      .set({ title: "Marquise serpenteante", content: "<p>Nova versão brilhoverde.</p>" })
      .where("slug", "=", slug)
      .execute();
    expect(await slugsFor("ondulante")).toEqual([]);
    expect(await slugsFor("serpenteante")).toEqual([slug]);
    expect(await slugsFor("brilhoverde")).toEqual([slug]);

    await db.updateTable("blog_posts").set({ status: "draft" }).where("slug", "=", slug).execute();
    expect(await slugsFor("serpenteante")).toEqual([]);
    await db.updateTable("blog_posts").set({ status: "published" }).where("slug", "=", slug).execute();
    expect(await slugsFor("serpenteante")).toEqual([slug]);

    // Moved to another category: found there, no longer in the old one.
    const categories = await listCategories();
    const roofs = categories.find((c) => c.slug === "impermeabilizacao");
    await db
      .updateTable("blog_posts")
      .set({ category_id: roofs?.id ?? "" })
      .where("slug", "=", slug)
      .execute();
    expect(await slugsFor("serpenteante", "fachadas")).toEqual([]);
    expect(await slugsFor("serpenteante", "impermeabilizacao")).toEqual([slug]);

    // A column the index does not hold changes nothing in it.
    await db.updateTable("blog_posts").set({ read_time: 9 }).where("slug", "=", slug).execute();
    expect(await slugsFor("serpenteante")).toEqual([slug]);

    await db.deleteFrom("blog_posts").where("slug", "=", slug).execute();
    expect(await slugsFor("serpenteante")).toEqual([]);

    const draft = await insertPost(db, {
      title: "Rascunho cintilante",
      categorySlug: "fachadas",
      status: "draft",
    });
    expect(await slugsFor("cintilante")).toEqual([]);
    await db.updateTable("blog_posts").set({ status: "published" }).where("slug", "=", draft).execute();
    expect(await slugsFor("cintilante")).toEqual([draft]);
  });

  it("answers any input without failing: quotes, operators, emoji, control characters, 10,000 characters", async () => {
    const db = await database();
    const slug = await insertPost(db, { title: "Zumbrelo AND calha NEAR telhado", categorySlug: "fachadas" });
    const hostile = [
      '"',
      "'",
      '"zumbrelo',
      "zumbrelo*",
      "*",
      "^zumbrelo",
      "title:zumbrelo",
      "zumbrelo AND",
      "NOT zumbrelo",
      "OR",
      "NEAR(zumbrelo calha)",
      "zumbrelo & calha | !telhado <-> x",
      "(((",
      ")",
      "'; DROP TABLE blog_posts; --",
      "🏠🔥",
      "🏠 zumbrelo 🔥",
      "\u0000zumbrelo\u0007",
      "\\",
      "%_",
      "a".repeat(10_000),
      "zumbrelo ".repeat(2_000),
      Array.from({ length: 500 }, (_, i) => `palavra${i}`).join(" "),
    ];
    for (const text of hostile) {
      const results = await searchPublishedPosts(text, null, 4);
      expect(results.posts.length).toBeLessThanOrEqual(4);
    }
    // Operators are plain words: "AND" and "NEAR" match the title that holds them.
    expect(await slugsFor("zumbrelo AND calha NEAR")).toEqual([slug]);
    expect(await slugsFor('"zumbrelo')).toEqual([slug]);
    expect(await slugsFor("🏠 zumbrelo 🔥")).toEqual([slug]);
    expect(await slugsFor("🏠🔥")).toEqual([]);
    expect((await db.selectFrom("blog_posts").select("id").execute()).length).toBeGreaterThan(0);
  });
});
