import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BLOG_PAGE_SIZE } from "~/lib/blog-types";
import {
  getBlogListing,
  getPublishedArticle,
  listPublicCategories,
  listPublishedForIndex,
} from "~/server/blog/public-posts.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { type ContentChanges, startContentChanges } from "~/server/render-cache/content-changes.server";
import { watchContentMemos } from "~/server/render-cache/content-memo.server";
import {
  homeContent,
  listServiceLinks,
  listServiceSections,
} from "~/server/site-content/public-site-content.server";
import { getPublishedWork, listPublishedWorks } from "~/server/works/public-works.server";
import { testEngines } from "../support/test-database";

// What the public pages read is memoised while the content-change feed runs: a second read runs
// no statement, and a change made through another connection (another instance, a SQL console)
// shows on the next request. On every database engine.

describe.each(testEngines())("public content memo on $name", (engine) => {
  let server: DatabaseHandle;
  let other: DatabaseHandle;
  let changes: ContentChanges;
  let stopMemos: () => void;

  beforeAll(async () => {
    server = await startDatabase(engine.env);
    other = await openDatabase(databaseConfigFromEnv(engine.env));
    changes = await startContentChanges(server);
    stopMemos = watchContentMemos(changes);
  });
  afterAll(async () => {
    stopMemos();
    await changes.stop();
    await other.close();
    await stopDatabase();
    await engine.drop();
  });

  /**
   * What the server knows when its next request arrives: on PostgreSQL every NOTIFY committed
   * so far has been delivered (settle), on SQLite a new turn of the event loop reads the table.
   */
  async function nextRequest() {
    await changes.settle();
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** The statements the app's connection runs during `read`. */
  async function statementsDuring(read: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(server.db.getExecutor(), "executeQuery");
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
    const category = await other.db.selectFrom("categories").select(["id", "name"]).executeTakeFirstOrThrow();
    await other.db
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
    const post = await other.db
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

    await other.db
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
    await other.db.updateTable("blog_posts").set({ status: "draft" }).where("id", "=", post.id).execute();
    await nextRequest();
    expect(await getPublishedArticle(post.slug)).toBeNull();
  });

  it("shows a work's change made through another connection on the next request", async () => {
    const work = await other.db
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

    await other.db.updateTable("works").set({ title: "Obra renomeada" }).where("id", "=", work.id).execute();
    await nextRequest();
    expect((await getPublishedWork(work.slug))?.title).toBe("Obra renomeada");
    expect((await listPublishedWorks(1))?.works.map((w) => w.title)).toContain("Obra renomeada");
  });

  it("shows a service's change made through another connection on the next request", async () => {
    const service = await other.db
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

    await other.db
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
});
