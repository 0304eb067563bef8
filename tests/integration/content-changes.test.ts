import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { watchContentChanges } from "~/server/db/content-changes.server";
import { insertCategory, insertPost } from "../support/db";
import { testEngines } from "../support/test-database";
import { watchedDatabase } from "../support/watched-database";

// What the database announces to the render cache when public content changes, including
// changes written by another connection (another instance, a script, an operator).

describe.each(testEngines())("content changes on $name", (engine) => {
  const watched = watchedDatabase(engine);
  const { tagsAfter, announced } = watched;

  async function categoryId(slug: string): Promise<string> {
    const row = await watched.other.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("names the listings, the post and its category when a published post changes", async () => {
    const slug = `mudancas-${randomUUID().slice(0, 8)}`;
    const category = await insertCategory(watched.other.db, `Mudanças ${slug}`, slug);
    const id = await categoryId(category);
    const postSlug = `post-${slug}`;

    expect(
      await tagsAfter(() =>
        insertPost(watched.other.db, { title: "Novo", slug: postSlug, categorySlug: category }),
      ),
    ).toEqual(["blog", `category:${id}`, `post:${postSlug}`]);

    const renamed = `${postSlug}-2`;
    expect(
      await tagsAfter(() =>
        watched.other.db
          .updateTable("blog_posts")
          .set({ slug: renamed })
          .where("slug", "=", postSlug)
          .execute(),
      ),
    ).toEqual(["blog", `category:${id}`, `post:${postSlug}`, `post:${renamed}`]);

    expect(
      await tagsAfter(() => watched.other.db.deleteFrom("blog_posts").where("slug", "=", renamed).execute()),
    ).toEqual(["blog", `category:${id}`, `post:${renamed}`]);
  });

  it("says nothing about drafts that were never public", async () => {
    const slug = `rascunho-${randomUUID().slice(0, 8)}`;
    const category = await insertCategory(watched.other.db, `Rascunhos ${slug}`, slug);
    await watched.feed.settle();
    expect(
      await tagsAfter(() =>
        insertPost(watched.other.db, { title: "Rascunho", slug, categorySlug: category, status: "draft" }),
      ),
    ).toEqual([]);
    expect(
      await tagsAfter(() =>
        watched.other.db
          .updateTable("blog_posts")
          .set({ title: "Ainda rascunho" })
          .where("slug", "=", slug)
          .execute(),
      ),
    ).toEqual([]);
  });

  it("names the listings and the category when a category changes", async () => {
    const slug = `categoria-${randomUUID().slice(0, 8)}`;
    const created = await tagsAfter(() => insertCategory(watched.other.db, `Categoria ${slug}`, slug));
    const id = await categoryId(slug);
    expect(created).toEqual(["blog", `category:${id}`]);
    expect(
      await tagsAfter(() =>
        watched.other.db.updateTable("categories").set({ name: "Outro nome" }).where("id", "=", id).execute(),
      ),
    ).toEqual(["blog", `category:${id}`]);
  });

  it.runIf(engine.name === "sqlite")(
    "reads what another connection committed before the first lookup of the next turn, without settle",
    async () => {
      await watched.feed.settle();
      expect(watched.feed.isCurrent()).toBe(true);
      announced.length = 0;
      const slug = `turno-${randomUUID().slice(0, 8)}`;
      await insertCategory(watched.other.db, `Turno ${slug}`, slug);
      await new Promise((resolve) => setImmediate(resolve));
      expect(watched.feed.isCurrent()).toBe(true);
      expect(announced).toEqual([["blog", `category:${await categoryId(slug)}`]]);
      // Once read, the same rows are not announced again.
      await new Promise((resolve) => setImmediate(resolve));
      watched.feed.isCurrent();
      expect(announced).toHaveLength(1);
    },
  );

  const terminateListeners = (schema: string | undefined) =>
    sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = ${`site-cache-listener ${schema}`}`.execute(watched.other.db);

  it.runIf(engine.name === "postgres")(
    "while the listener reconnects what is held stays in use (the database may be away), and it is emptied when it is back",
    async () => {
      announced.length = 0;
      await terminateListeners(engine.env.DATABASE_SCHEMA);
      for (let i = 0; i < 300 && !announced.some((tags) => tags[0] === "*"); i++) {
        expect(watched.feed.isCurrent()).toBe(true);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Back: everything it held is dropped, and it hears changes again.
      expect(announced).toContainEqual(["*"]);
      expect(watched.feed.isCurrent()).toBe(true);
      const slug = `volta-${randomUUID().slice(0, 8)}`;
      const created = await tagsAfter(() => insertCategory(watched.other.db, `Volta ${slug}`, slug));
      expect(created).toEqual(["blog", `category:${await categoryId(slug)}`]);
    },
  );

  it.runIf(engine.name === "postgres")(
    "past the time it may keep what it holds, a disconnected listener's cache is not trusted",
    async () => {
      const changes: string[][] = [];
      const strict = await watchContentChanges(
        watched.server,
        (change) => changes.push(change === "everything" ? ["*"] : change.tags),
        { keepWhileReconnectingMs: 0 },
      );
      try {
        changes.length = 0;
        await terminateListeners(engine.env.DATABASE_SCHEMA);
        for (let i = 0; i < 100 && strict.isCurrent(); i++) await new Promise((r) => setTimeout(r, 10));
        expect(strict.isCurrent()).toBe(false);
        for (let i = 0; i < 300 && !strict.isCurrent(); i++) await new Promise((r) => setTimeout(r, 20));
        expect(strict.isCurrent()).toBe(true);
        expect(changes).toContainEqual(["*"]);
      } finally {
        await strict.stop();
      }
    },
  );
});
