import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { DatabaseOpenError, openDatabase } from "~/server/db/connection.server";
import { database, startDatabase } from "~/server/db/database.server";
import { MigrationError, migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import { demoPosts } from "~/server/db/seed/demo-posts";
import { seedDemoContentIfEmpty } from "~/server/db/seed/seed-demo.server";
import {
  getBlogListing,
  getPublishedArticle,
  listCategories,
  listPublishedSlugs,
} from "~/server/posts/public-posts.server";
import { insertCategory, insertPost } from "../support/db";
import { describeOnEachEngine } from "../support/engine-suite";
import { testEngines } from "../support/test-database";

const published = demoPosts.filter((p) => p.status === "published");

describeOnEachEngine("blog data", (engine) => {
  it("creates the schema and seeds the demo content on a new database", async () => {
    const db = await database();
    const posts = await db
      .selectFrom("blog_posts")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(posts.n)).toBe(demoPosts.length);
    expect((await listCategories()).map((c) => c.name)).toEqual([
      "Fachadas",
      "Gestão de Condomínios",
      "Impermeabilização",
      "Manutenção Preventiva",
      "Normas e Inspeções",
    ]);
  });

  it("never seeds a database that has content, and migrating again changes nothing", async () => {
    const db = await database();
    expect(await seedDemoContentIfEmpty(db)).toEqual({ seeded: false, reason: "o banco já tem conteúdo" });
    const handle = await startDatabase(engine.env);
    expect(await migrateToLatest(handle)).toEqual([]);
  });

  it("lists the newest featured post and the newest non-featured posts, with categories", async () => {
    const listing = await getBlogListing(null, 4);
    const featured = published
      .filter((p) => p.featured)
      .sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? ""));
    expect(listing.featured?.slug).toBe(featured[0]?.slug);
    const regular = published
      .filter((p) => !p.featured)
      .sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? ""));
    expect(listing.posts.map((p) => p.slug)).toEqual(regular.slice(0, 4).map((p) => p.slug));
    expect(listing.hasMore).toBe(true);
    expect(listing.posts[0]?.category.name).toBeTruthy();
    expect(typeof listing.posts[0]?.featured).toBe("boolean");
    expect(listing.posts[0]?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

    const all = await getBlogListing(null, 200);
    expect(all.posts).toHaveLength(regular.length);
    expect(all.hasMore).toBe(false);
  });

  it("never returns drafts or archived posts", async () => {
    const hidden = demoPosts.filter((p) => p.status !== "published");
    expect(hidden.length).toBeGreaterThanOrEqual(3);
    for (const post of hidden) expect(await getPublishedArticle(post.slug)).toBeNull();
    const indexed = (await listPublishedSlugs()).map((p) => p.slug);
    expect(indexed.sort()).toEqual(published.map((p) => p.slug).sort());
  });

  it("filters by category and finds related posts in the same category only", async () => {
    const categories = await listCategories();
    const facades = categories.find((c) => c.slug === "fachadas");
    if (!facades) throw new Error("missing category");
    const listing = await getBlogListing(facades.id, 4);
    const inCategory = [listing.featured, ...listing.posts].filter((p) => p !== null);
    expect(inCategory.length).toBe(published.filter((p) => p.categorySlug === "fachadas").length);
    for (const post of inCategory) expect(post.category.slug).toBe("fachadas");

    const found = await getPublishedArticle("plano-de-manutencao-nbr-5674");
    if (!found) throw new Error("missing article");
    const { post: article, related } = found;
    expect(article.content).toContain("<h2>");
    expect(article.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    for (const post of related) {
      expect(post.category.id).toBe(article.category.id);
      expect(post.id).not.toBe(article.id);
    }
  });

  it("relates the three newest other published posts of the article's category, newest first", async () => {
    const db = await database();
    const categorySlug = await insertCategory(db, "Relacionados", `rel-${randomUUID().slice(0, 6)}`);
    const day = (n: number) => `2024-03-${String(n).padStart(2, "0")}T12:00:00.000Z`;
    const article = await insertPost(db, { title: "Artigo", categorySlug, publishedAt: day(10) });
    const [oldest, older, newer, newest] = await Promise.all(
      [1, 2, 20, 25].map((n) => insertPost(db, { title: `Dia ${n}`, categorySlug, publishedAt: day(n) })),
    );
    await insertPost(db, { title: "Rascunho", categorySlug, status: "draft" });
    await insertPost(db, { title: "Outra categoria", categorySlug: "fachadas", publishedAt: day(28) });

    const found = await getPublishedArticle(article);
    expect(found?.post.title).toBe("Artigo");
    expect(found?.related.map((post) => post.slug)).toEqual([newest, newer, older]);
    expect(found?.related.map((post) => post.slug)).not.toContain(oldest);

    // The only post of its category has no related posts; a draft's address finds nothing.
    const alone = await insertCategory(db, "Sozinha", `so-${randomUUID().slice(0, 6)}`);
    const single = await insertPost(db, { title: "Único", categorySlug: alone });
    expect((await getPublishedArticle(single))?.related).toEqual([]);
    const draft = await insertPost(db, { title: "Não publicado", categorySlug: alone, status: "draft" });
    expect(await getPublishedArticle(draft)).toBeNull();
    expect(await getPublishedArticle("nao-existe")).toBeNull();
  });

  it("shows a newly published post on the next query", async () => {
    const db = await database();
    const slug = await insertCategory(db, "Categoria Nova", `nova-${randomUUID().slice(0, 6)}`);
    const category = (await listCategories()).find((c) => c.slug === slug);
    if (!category) throw new Error("missing category");
    expect((await getBlogListing(category.id, 4)).posts).toEqual([]);
    const postSlug = await insertPost(db, { title: "Recém-publicado", categorySlug: slug });
    expect((await getBlogListing(category.id, 4)).posts.map((p) => p.slug)).toEqual([postSlug]);
  });

  it("hands timestamps back as the ISO-8601 text that was written, with its Z, on every read", async () => {
    const db = await database();
    const publishedAt = "2024-07-09T18:05:03.120Z";
    const slug = await insertPost(db, { title: "Data exata", categorySlug: "fachadas", publishedAt });
    const row = await db
      .selectFrom("blog_posts")
      .select(["published_at", "created_at", "updated_at"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    expect(row.published_at).toBe(publishedAt);
    for (const value of [row.created_at, row.updated_at]) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect((await getPublishedArticle(slug))?.post).toMatchObject({ publishedAt, updatedAt: row.updated_at });
    expect((await listPublishedSlugs()).find((entry) => entry.slug === slug)?.updatedAt).toBe(row.updated_at);
  });

  it("rolls a failing migration back completely", async () => {
    const handle = await startDatabase(engine.env);
    const broken = {
      getMigrations: async () => ({
        ...(await migrationProvider.getMigrations()),
        "0999-broken": {
          up: async (db: Parameters<typeof migrateToLatest>[0]["db"]) => {
            await db.schema.createTable("half_done").addColumn("id", "text").execute();
            await sql`select * from table_that_does_not_exist`.execute(db);
          },
        },
      }),
    };
    await expect(migrateToLatest(handle, broken)).rejects.toThrow(MigrationError);
    await expect(migrateToLatest(handle, broken)).rejects.toThrow(/0999-broken/);
    await expect(sql`select * from half_done`.execute(handle.db)).rejects.toThrow();
    const applied = await sql<{ name: string }>`select name from schema_migrations`.execute(handle.db);
    expect(applied.rows.map((r) => r.name).sort()).toEqual(
      Object.keys(await migrationProvider.getMigrations()).sort(),
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two sites in one PostgreSQL database", () => {
  // Two schemas migrated from nothing beside the PostgreSQL e2e pass: seconds, not the default 5 s.
  it("migrates a second schema while the first already has its tables", async () => {
    const postgres = () => testEngines().find((engine) => engine.name === "postgres");
    const [first, second] = [postgres(), postgres()];
    if (!first || !second) throw new Error("TEST_DATABASE_URL is set but no postgres engine");
    const handles = [];
    try {
      for (const engine of [first, second]) {
        const handle = await openDatabase(databaseConfigFromEnv(engine.env));
        handles.push(handle);
        expect(await migrateToLatest(handle)).toContain("0001-blog");
        await expect(sql`select count(*) from blog_posts`.execute(handle.db)).resolves.toBeTruthy();
      }
    } finally {
      for (const handle of handles) await handle.close();
      await first.drop();
      await second.drop();
    }
  }, 30_000);
});

describe("opening a database", () => {
  it("explains when the SQLite file cannot be created", async () => {
    const file = path.join(tmpdir(), `not-a-dir-${randomUUID()}`);
    writeFileSync(file, "x");
    await expect(openDatabase(databaseConfigFromEnv({ DATA_DIR: file }))).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase(databaseConfigFromEnv({ DATA_DIR: file }))).rejects.toThrow(
      /Não foi possível abrir/,
    );
  });

  it("explains when PostgreSQL cannot be reached", async () => {
    await expect(
      openDatabase(databaseConfigFromEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nada" })),
    ).rejects.toThrow(/Não foi possível conectar ao PostgreSQL/);
  });

  it("rejects a malformed configuration", () => {
    expect(() => databaseConfigFromEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() =>
      databaseConfigFromEnv({ DATABASE_URL: "postgres://x/y", DATABASE_SCHEMA: "Bad-Name" }),
    ).toThrow(/DATABASE_SCHEMA/);
  });
});
