import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { type ContentChangeFeed, watchContentChanges } from "~/server/db/content-changes.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema";
import { parsePostForm } from "~/server/posts/post-form-schema.server";
import {
  SCHEDULE_INVALID_MESSAGE,
  SCHEDULE_MISSING_MESSAGE,
  SCHEDULE_PAST_MESSAGE,
} from "~/server/posts/post-schedule.server";
import { publishDuePosts, startPostScheduler } from "~/server/posts/post-scheduler.server";
import { listPublishedSlugs } from "~/server/posts/public-posts.server";
import { searchPublishedPosts } from "~/server/posts/search-posts.server";
import { insertCategory } from "../support/db";
import { testEngines } from "../support/test-database";

// Scheduled publishing: due posts go live with no request, once, with their scheduled time as
// publication date, and the render cache hears of it.

const uid = () => randomUUID().slice(0, 8);
const MINUTE = 60_000;

describe.each(testEngines())("scheduled posts on $name", (engine) => {
  let server: DatabaseHandle;
  let other: DatabaseHandle;
  let categoryId: string;
  let feed: ContentChangeFeed;
  const announced: string[] = [];

  beforeAll(async () => {
    server = await startDatabase(engine.env);
    other = await openDatabase(databaseConfigFromEnv(engine.env));
    const slug = await insertCategory(server.db, `Agenda ${uid()}`, `agenda-${uid()}`);
    categoryId = (
      await server.db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
    ).id;
    feed = await watchContentChanges(server, (change) => {
      announced.push(...(change === "everything" ? ["*"] : change.tags));
    });
  });
  afterAll(async () => {
    await feed.stop();
    await other.close();
    await stopDatabase();
    await engine.drop();
  });

  async function insertScheduled(db: Kysely<Database>, scheduledAt: Date, word = "agendado") {
    const slug = `${word}-${uid()}`;
    const now = new Date().toISOString();
    await db
      .insertInto("blog_posts")
      .values({
        id: randomUUID(),
        title: `Post ${slug}`,
        slug,
        excerpt: "Resumo do post agendado.",
        content: `<p>Texto sobre ${word}.</p>`,
        category_id: categoryId,
        status: "scheduled",
        featured: false,
        read_time: 3,
        author_id: null,
        published_at: null,
        scheduled_at: scheduledAt.toISOString(),
        featured_image_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return slug;
  }

  async function postRow(slug: string) {
    return server.db
      .selectFrom("blog_posts")
      .select(["status", "published_at", "scheduled_at"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
  }

  it("refuses a scheduled post without a time (the database checks it too)", async () => {
    await expect(
      other.db
        .insertInto("blog_posts")
        .values({
          id: randomUUID(),
          title: "Sem horário",
          slug: `sem-horario-${uid()}`,
          excerpt: "x",
          content: "<p>x</p>",
          category_id: categoryId,
          status: "scheduled",
          featured: false,
          read_time: 1,
          author_id: null,
          published_at: null,
          featured_image_url: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  it("publishes a post scheduled one minute ahead at that minute, with no request, and tells the cache", async () => {
    let clock = new Date();
    const dueAt = new Date(Math.ceil((clock.getTime() + MINUTE) / MINUTE) * MINUTE);
    const word = `agendamento${uid()}`;
    const slug = await insertScheduled(other.db, dueAt, word);
    const scheduler = startPostScheduler({ db: async () => server.db, now: () => clock });
    try {
      await scheduler.idle();
      expect((await postRow(slug)).status).toBe("scheduled");
      expect((await listPublishedSlugs()).map((p) => p.slug)).not.toContain(slug);

      clock = new Date(dueAt.getTime() - 1);
      scheduler.wake();
      await scheduler.idle();
      expect((await postRow(slug)).status).toBe("scheduled");

      await feed.settle();
      feed.isCurrent();
      announced.length = 0;
      clock = dueAt;
      scheduler.wake();
      await scheduler.idle();
      const row = await postRow(slug);
      expect(row).toEqual({ status: "published", published_at: dueAt.toISOString(), scheduled_at: null });
      expect((await listPublishedSlugs()).map((p) => p.slug)).toContain(slug);
      // The database's own search index follows the status change.
      expect((await searchPublishedPosts(word, null, 10)).posts.map((p) => p.slug)).toContain(slug);
      await feed.settle();
      expect(feed.isCurrent()).toBe(true);
      expect(announced).toEqual(expect.arrayContaining(["blog", `post:${slug}`, `category:${categoryId}`]));
    } finally {
      await scheduler.stop();
    }
  });

  it("publishes at start a schedule that passed while no server ran", async () => {
    const slug = await insertScheduled(other.db, new Date(Date.now() - 3 * 60 * MINUTE));
    const scheduler = startPostScheduler({ db: async () => server.db });
    try {
      await scheduler.idle();
      expect((await postRow(slug)).status).toBe("published");
    } finally {
      await scheduler.stop();
    }
  });

  it("publishes each post once when two instances race", async () => {
    const due = new Date(Date.now() - MINUTE);
    const slugs = new Set<string>();
    for (let i = 0; i < 25; i++) slugs.add(await insertScheduled(other.db, due));
    for (let round = 0; round < 3; round++) {
      const now = new Date();
      const [first, second] = await Promise.all([
        publishDuePosts(server.db, now),
        publishDuePosts(other.db, now),
      ]);
      const mine = [...first, ...second].map((p) => p.slug).filter((slug) => slugs.has(slug));
      expect(new Set(mine).size).toBe(mine.length);
      if (round === 0) expect(mine.sort()).toEqual([...slugs].sort());
      else expect(mine).toEqual([]);
    }
  });

  it("leaves a future schedule alone", async () => {
    const slug = await insertScheduled(other.db, new Date(Date.now() + 60 * MINUTE));
    await publishDuePosts(server.db, new Date());
    expect((await postRow(slug)).status).toBe("scheduled");
  });
});

describe("the post form's publication time", () => {
  const base = {
    title: "Título",
    categoryId: "c",
    excerpt: "Resumo",
    content: "<p>Texto</p>",
    readTime: "5",
    featured: "",
    featuredImageUrl: "",
  };
  const parse = (status: string, scheduledAt: string) =>
    parsePostForm(new URLSearchParams({ ...base, status, scheduledAt }));

  it("reads a São Paulo time as UTC", () => {
    const parsed = parse("scheduled", "2099-03-10T14:30");
    expect(parsed.ok && parsed.data.scheduledAt).toBe("2099-03-10T17:30:00.000Z");
  });

  it.each([
    ["a time in the past", "2020-01-01T10:00", SCHEDULE_PAST_MESSAGE],
    ["no time", "", SCHEDULE_MISSING_MESSAGE],
    ["a malformed date", "31/12/2099 10:00", SCHEDULE_INVALID_MESSAGE],
    ["an impossible date", "2099-02-30T10:00", SCHEDULE_INVALID_MESSAGE],
    ["10,000 characters", "2".repeat(10_000), SCHEDULE_INVALID_MESSAGE],
  ])("refuses %s with a pt-BR message", (_, scheduledAt, message) => {
    const parsed = parse("scheduled", scheduledAt);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fieldErrors.scheduledAt).toBe(message);
  });

  it("keeps no time for a draft", () => {
    const parsed = parse("draft", "");
    expect(parsed.ok && parsed.data.scheduledAt).toBe(null);
  });
});
