import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { type ContentChangeFeed, watchContentChanges } from "~/server/render-cache/content-changes.server";
import { insertCategory, insertPost } from "../support/db";
import { testEngines } from "../support/test-database";

// What the database announces to the render cache when public content changes, including
// changes written by another connection (another instance, a script, an operator).

describe.each(testEngines())("content changes on $name", (engine) => {
  let server: DatabaseHandle;
  let other: DatabaseHandle;
  let feed: ContentChangeFeed;
  const announced: string[][] = [];

  beforeAll(async () => {
    server = await startDatabase(engine.env);
    other = await openDatabase(databaseConfigFromEnv(engine.env));
    feed = await watchContentChanges(server, (change) => {
      announced.push(change === "everything" ? ["*"] : change.tags);
    });
  });
  afterAll(async () => {
    await feed.stop();
    await other.close();
    await stopDatabase();
    await engine.drop();
  });

  /** Tags announced for what `write` did from the other connection. */
  async function tagsAfter(write: () => Promise<unknown>): Promise<string[]> {
    await feed.settle();
    feed.isCurrent();
    announced.length = 0;
    await write();
    // settle: on PostgreSQL, every NOTIFY committed before it has arrived; isCurrent: on
    // SQLite, the rows the triggers wrote are read.
    await feed.settle();
    expect(feed.isCurrent()).toBe(true);
    return [...new Set(announced.flat())].sort();
  }

  async function categoryId(slug: string): Promise<string> {
    const row = await other.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("names the listings, the post and its category when a published post changes", async () => {
    const slug = `mudancas-${randomUUID().slice(0, 8)}`;
    const category = await insertCategory(other.db, `Mudanças ${slug}`, slug);
    const id = await categoryId(category);
    const postSlug = `post-${slug}`;

    expect(
      await tagsAfter(() => insertPost(other.db, { title: "Novo", slug: postSlug, categorySlug: category })),
    ).toEqual(["blog", `category:${id}`, `post:${postSlug}`]);

    const renamed = `${postSlug}-2`;
    expect(
      await tagsAfter(() =>
        other.db.updateTable("blog_posts").set({ slug: renamed }).where("slug", "=", postSlug).execute(),
      ),
    ).toEqual(["blog", `category:${id}`, `post:${postSlug}`, `post:${renamed}`]);

    expect(
      await tagsAfter(() => other.db.deleteFrom("blog_posts").where("slug", "=", renamed).execute()),
    ).toEqual(["blog", `category:${id}`, `post:${renamed}`]);
  });

  it("says nothing about drafts that were never public", async () => {
    const slug = `rascunho-${randomUUID().slice(0, 8)}`;
    const category = await insertCategory(other.db, `Rascunhos ${slug}`, slug);
    await feed.settle();
    expect(
      await tagsAfter(() =>
        insertPost(other.db, { title: "Rascunho", slug, categorySlug: category, status: "draft" }),
      ),
    ).toEqual([]);
    expect(
      await tagsAfter(() =>
        other.db
          .updateTable("blog_posts")
          .set({ title: "Ainda rascunho" })
          .where("slug", "=", slug)
          .execute(),
      ),
    ).toEqual([]);
  });

  it("names the listings and the category when a category changes", async () => {
    const slug = `categoria-${randomUUID().slice(0, 8)}`;
    const created = await tagsAfter(() => insertCategory(other.db, `Categoria ${slug}`, slug));
    const id = await categoryId(slug);
    expect(created).toEqual(["blog", `category:${id}`]);
    expect(
      await tagsAfter(() =>
        other.db.updateTable("categories").set({ name: "Outro nome" }).where("id", "=", id).execute(),
      ),
    ).toEqual(["blog", `category:${id}`]);
  });

  it.runIf(engine.name === "sqlite")(
    "reads what another connection committed before the first lookup of the next turn, without settle",
    async () => {
      await feed.settle();
      expect(feed.isCurrent()).toBe(true);
      announced.length = 0;
      const slug = `turno-${randomUUID().slice(0, 8)}`;
      await insertCategory(other.db, `Turno ${slug}`, slug);
      await new Promise((resolve) => setImmediate(resolve));
      expect(feed.isCurrent()).toBe(true);
      expect(announced).toEqual([["blog", `category:${await categoryId(slug)}`]]);
      // Once read, the same rows are not announced again.
      await new Promise((resolve) => setImmediate(resolve));
      feed.isCurrent();
      expect(announced).toHaveLength(1);
    },
  );

  it.runIf(engine.name === "postgres")(
    "while the listener is disconnected the cache is not trusted, and it is emptied when it is back",
    async () => {
      announced.length = 0;
      const schema = engine.env.DATABASE_SCHEMA;
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = ${`site-cache-listener ${schema}`}`.execute(other.db);
      for (let i = 0; i < 100 && feed.isCurrent(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(feed.isCurrent()).toBe(false);
      for (let i = 0; i < 300 && !feed.isCurrent(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(feed.isCurrent()).toBe(true);
      expect(announced).toContainEqual(["*"]);
      // And it hears changes again.
      const slug = `volta-${randomUUID().slice(0, 8)}`;
      const created = await tagsAfter(() => insertCategory(other.db, `Volta ${slug}`, slug));
      expect(created).toEqual(["blog", `category:${await categoryId(slug)}`]);
    },
  );
});
