import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { BLOG_PAGE_SIZE } from "~/lib/blog-types";
import { publishedMediaViewsByHash } from "~/server/media/media-library.server";
import {
  getBlogListing,
  getPublishedArticle,
  listPublicCategories,
  listPublishedForIndex,
} from "~/server/posts/public-posts.server";
import { listServiceLinks, listServiceSections } from "~/server/services/public-services.server";
import { homeContent } from "~/server/site-content/public-home-content.server";
import { getPublishedWork, listPublishedWorks } from "~/server/works/public-works.server";
import { memoWatchedSite } from "../support/memo-watched-site";
import { testEngines } from "../support/test-database";

// What the public pages read is memoised while the content-change feed runs: a second read runs
// no statement, and a change made through another connection (another instance, a SQL console)
// shows on the next request. On every database engine.

describe.each(testEngines())("public content memo on $name", (engine) => {
  const running = memoWatchedSite(engine);
  const { nextRequest } = running;

  /** The statements the app's connection runs during `read`. */
  async function statementsDuring(read: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(running.server.db.getExecutor(), "executeQuery");
    try {
      await read();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  const readBlogList = () => Promise.all([listPublicCategories(), getBlogListing(null, BLOG_PAGE_SIZE)]);

  it("reads /blog's data once, then runs no statement until content changes", async () => {
    await nextRequest();
    const first = await statementsDuring(readBlogList);
    expect(first).toBeGreaterThan(0);
    await nextRequest();
    expect(await statementsDuring(readBlogList)).toBe(0);

    // A change through another connection: read again, once.
    const category = await running.other.db
      .selectFrom("categories")
      .select(["id", "name"])
      .executeTakeFirstOrThrow();
    await running.other.db
      .updateTable("categories")
      .set({ name: `${category.name} (nova)` })
      .where("id", "=", category.id)
      .execute();
    await nextRequest();
    expect(await statementsDuring(readBlogList)).toBe(first);
    const [categories] = await readBlogList();
    expect(categories.map((c) => c.name)).toContain(`${category.name} (nova)`);
  });

  it("shows a post's new title, made through another connection, on the next request", async () => {
    const post = await running.other.db
      .selectFrom("blog_posts")
      .select(["id", "slug", "title"])
      .where("status", "=", "published")
      .orderBy("published_at", "desc")
      .executeTakeFirstOrThrow();
    await nextRequest();
    expect((await getPublishedArticle(post.slug))?.post.title).toBe(post.title);
    const listed = async () => {
      const listing = await getBlogListing(null, BLOG_PAGE_SIZE);
      return [listing.featured, ...listing.posts].map((p) => p?.title);
    };
    expect(await listed()).toContain(post.title);
    expect((await listPublishedForIndex(20)).map((p) => p.title)).toContain(post.title);
    await nextRequest();
    expect(await statementsDuring(() => getPublishedArticle(post.slug))).toBe(0);

    await running.other.db
      .updateTable("blog_posts")
      .set({ title: "Título trocado por outra instância" })
      .where("id", "=", post.id)
      .execute();
    await nextRequest();
    expect((await getPublishedArticle(post.slug))?.post.title).toBe("Título trocado por outra instância");
    expect(await listed()).toContain("Título trocado por outra instância");
    expect((await listPublishedForIndex(20)).map((p) => p.title)).toContain(
      "Título trocado por outra instância",
    );

    // Unpublished elsewhere: the article is gone on the next request.
    await running.other.db
      .updateTable("blog_posts")
      .set({ status: "draft" })
      .where("id", "=", post.id)
      .execute();
    await nextRequest();
    expect(await getPublishedArticle(post.slug)).toBeNull();
  });

  it("shows a work's change made through another connection on the next request", async () => {
    const work = await running.other.db
      .selectFrom("works")
      .select(["id", "slug", "title"])
      .where("published", "=", true)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    await nextRequest();
    expect((await getPublishedWork(work.slug))?.title).toBe(work.title);
    expect((await listPublishedWorks(1))?.works.map((w) => w.title)).toContain(work.title);
    await nextRequest();
    expect(
      await statementsDuring(() => Promise.all([getPublishedWork(work.slug), listPublishedWorks(1)])),
    ).toBe(0);

    await running.other.db
      .updateTable("works")
      .set({ title: "Obra renomeada" })
      .where("id", "=", work.id)
      .execute();
    await nextRequest();
    expect((await getPublishedWork(work.slug))?.title).toBe("Obra renomeada");
    expect((await listPublishedWorks(1))?.works.map((w) => w.title)).toContain("Obra renomeada");
  });

  it("shows a service's change made through another connection on the next request", async () => {
    const service = await running.other.db
      .selectFrom("services")
      .select(["id", "title"])
      .where("show_on_home", "=", true)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const read = () => Promise.all([listServiceLinks(), listServiceSections(), homeContent()]);
    await nextRequest();
    const [links, sections, home] = await read();
    expect(links.map((s) => s.title)).toContain(service.title);
    expect(sections.map((s) => s.title)).toContain(service.title);
    expect(home.services.map((s) => s.title)).toContain(service.title);
    await nextRequest();
    expect(await statementsDuring(read)).toBe(0);

    await running.other.db
      .updateTable("services")
      .set({ title: "Serviço renomeado" })
      .where("id", "=", service.id)
      .execute();
    await nextRequest();
    const [linksAfter, sectionsAfter, homeAfter] = await read();
    expect(linksAfter.map((s) => s.title)).toContain("Serviço renomeado");
    expect(sectionsAfter.map((s) => s.title)).toContain("Serviço renomeado");
    expect(homeAfter.services.map((s) => s.title)).toContain("Serviço renomeado");
  });

  it("shows an image's new alt text in an article, changed through another connection, on the next request", async () => {
    const hash = randomUUID().replaceAll("-", "");
    await running.other.db
      .insertInto("media")
      .values({
        id: randomUUID(),
        hash,
        width: 800,
        height: 600,
        source: "upload",
        uploaded_by: null,
        created_at: new Date().toISOString(),
        alt: "Fachada antes",
        formats: "avif webp",
      })
      .execute();
    await nextRequest();
    expect((await publishedMediaViewsByHash([hash, hash])).get(hash)?.alt).toBe("Fachada antes");
    await nextRequest();
    expect(await statementsDuring(() => publishedMediaViewsByHash([hash]))).toBe(0);

    await running.other.db
      .updateTable("media")
      .set({ alt: "Fachada depois" })
      .where("hash", "=", hash)
      .execute();
    await nextRequest();
    expect((await publishedMediaViewsByHash([hash])).get(hash)?.alt).toBe("Fachada depois");
  });
});
