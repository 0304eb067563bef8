import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentChangeFeed, watchContentChanges } from "~/server/db/content-changes.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { parsePostForm } from "~/server/posts/post-form-schema.server";
import { getPostForEdit, savePost } from "~/server/posts/posts-admin.server";
import { getPublishedArticle, listPublishedSlugs } from "~/server/posts/public-posts.server";
import { testEngines } from "../support/test-database";

// A post's SEO fields on every engine: the form's limits (pt-BR, nothing saved), what the editor
// reads back and the article page uses, the sitemap leaving out a noindex post, and the render
// cache told when any of them changes on a published post.

const uid = () => randomUUID().slice(0, 8);
const IMAGE = `/media/${"a".repeat(32)}/1200x630.webp`;

/** The SEO fields the article page of a published post gets, read with the article. */
async function articleSeoOf(slug: string) {
  return (await getPublishedArticle(slug))?.seo;
}

describe.each(testEngines())("post SEO on $name", (engine) => {
  let feed: ContentChangeFeed;
  const announced: string[][] = [];
  let categoryId: string;
  let authorId: string;

  beforeAll(async () => {
    const server = await startDatabase(engine.env);
    feed = await watchContentChanges(server, (change) => {
      announced.push(change === "everything" ? ["*"] : change.tags);
    });
    const db = await database();
    categoryId = (
      await db.selectFrom("categories").select("id").where("slug", "=", "fachadas").executeTakeFirstOrThrow()
    ).id;
    authorId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        id: authorId,
        email: `seo-${uid()}@exemplo.com.br`,
        password_hash: "x",
        name: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await feed.stop();
    await stopDatabase();
    await engine.drop();
  });

  async function tagsAfter(write: () => Promise<unknown>): Promise<string[]> {
    await feed.settle();
    feed.isCurrent();
    announced.length = 0;
    await write();
    await feed.settle();
    feed.isCurrent();
    return [...new Set(announced.flat())].sort();
  }

  function parse(fields: Record<string, string>) {
    const body = new FormData();
    const all: Record<string, string> = {
      title: `Artigo SEO ${uid()}`,
      categoryId,
      excerpt: "Resumo do artigo.",
      content: "<p>Conteúdo.</p>",
      status: "published",
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) body.set(key, value);
    return parsePostForm(body);
  }

  it("refuses SEO texts beyond the hard limits and images outside the library, in pt-BR", () => {
    const long = parse({
      metaTitle: "a".repeat(10_000),
      metaDescription: "b".repeat(10_000),
      socialImageUrl: "https://evil.example/x.png",
    });
    expect(long.ok).toBe(false);
    if (long.ok) return;
    expect(long.fieldErrors.metaTitle).toBe("O título para buscadores pode ter no máximo 70 caracteres.");
    expect(long.fieldErrors.metaDescription).toBe(
      "A descrição para buscadores pode ter no máximo 200 caracteres.",
    );
    expect(long.fieldErrors.socialImageUrl).toBe("Escolha a imagem na biblioteca de mídia.");
    const fits = parse({ metaTitle: "t".repeat(70), metaDescription: "d".repeat(200) });
    expect(fits.ok).toBe(true);
  });

  it("saves the fields, reads them back for the editor and the article, and leaves the sitemap when noindex", async () => {
    const parsed = parse({
      metaTitle: "  Rejunte:   guia completo ",
      metaDescription: "Como e quando refazer o rejunte da fachada.",
      socialImageUrl: IMAGE,
    });
    if (!parsed.ok) throw new Error(parsed.message);
    const saved = await savePost(null, parsed.data, authorId);
    expect((await getPostForEdit(saved.id))?.seo).toEqual({
      metaTitle: "Rejunte: guia completo",
      metaDescription: "Como e quando refazer o rejunte da fachada.",
      socialImageUrl: IMAGE,
      noindex: false,
    });
    expect(await articleSeoOf(saved.slug)).toEqual({
      metaTitle: "Rejunte: guia completo",
      metaDescription: "Como e quando refazer o rejunte da fachada.",
      image: { url: IMAGE, width: 1200, height: 630 },
      noindex: false,
      authorName: null,
    });
    expect((await listPublishedSlugs()).map((post) => post.slug)).toContain(saved.slug);

    const hidden = parse({ title: parsed.data.title, noindex: "on" });
    if (!hidden.ok) throw new Error(hidden.message);
    const tags = await tagsAfter(() => savePost(saved.id, hidden.data, authorId));
    expect(tags).toEqual(expect.arrayContaining(["blog", `post:${saved.slug}`]));
    expect((await articleSeoOf(saved.slug))?.noindex).toBe(true);
    expect((await articleSeoOf(saved.slug))?.metaTitle).toBeNull();
    expect((await listPublishedSlugs()).map((post) => post.slug)).not.toContain(saved.slug);
  });

  it("announces a change of the SEO columns alone, made by SQL, to the render cache", async () => {
    const parsed = parse({});
    if (!parsed.ok) throw new Error(parsed.message);
    const saved = await savePost(null, parsed.data, authorId);
    const db = await database();
    const tags = await tagsAfter(() =>
      db
        .updateTable("blog_posts")
        .set({ meta_description: "Nova descrição." })
        .where("id", "=", saved.id)
        .execute(),
    );
    expect(tags).toEqual(expect.arrayContaining(["blog", `post:${saved.slug}`]));
  });

  it("names the author when the post's author has a name", async () => {
    const db = await database();
    const named = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        id: named,
        email: `nome-${uid()}@exemplo.com.br`,
        password_hash: "x",
        name: "Ana Souza",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const parsed = parse({});
    if (!parsed.ok) throw new Error(parsed.message);
    const saved = await savePost(null, parsed.data, named);
    expect((await articleSeoOf(saved.slug))?.authorName).toBe("Ana Souza");
  });
});
