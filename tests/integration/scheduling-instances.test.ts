import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { type RunningServer, startServer } from "../../harness/server";
import { testEngines } from "../support/test-database";

// Several instances of the production server share one database: a scheduled post goes live at
// its minute once, whichever instance wakes first. Both servers start before the post is due and
// sleep until its time, so their schedulers wake together and really race. Needs the production
// build (npm run build).

const serverEnv = (engine: Record<string, string>) => ({
  // The servers inherit this process's environment: only the engine's database counts.
  DATABASE_URL: "",
  DATABASE_SCHEMA: "",
  ...engine,
  PUBLIC_URL: "https://www.exemplo-condominio.com.br",
});

/** The publications a server's log reports for one post. */
function publicationsLogged(server: RunningServer, slug: string): number {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"scheduled post published"') && line.includes(`"slug":"${slug}"`))
    .length;
}

describe.each(testEngines())("a scheduled post with two server instances on $name", (engine) => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await engine.drop();
  });

  it("is published once, at its time, with no request", { timeout: 180_000 }, async () => {
    const env = serverEnv(engine.env);
    // The first start creates the database (migrations, demo content).
    const first = await startServer(env);
    await first.stop();

    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      const category = await handle.db.selectFrom("categories").select("id").executeTakeFirstOrThrow();
      // Far enough ahead for both servers to start and go to sleep before it is due.
      const dueAt = new Date(Math.ceil((Date.now() + 20_000) / 1000) * 1000).toISOString();
      const slug = `duas-instancias-${randomUUID().slice(0, 8)}`;
      const now = new Date().toISOString();
      await handle.db
        .insertInto("blog_posts")
        .values({
          id: randomUUID(),
          title: `Post de ${slug}`,
          slug,
          excerpt: "Publicado por uma das duas instâncias.",
          content: "<p>Uma vez só.</p>",
          category_id: category.id,
          status: "scheduled",
          featured: false,
          read_time: 3,
          published_at: null,
          scheduled_at: dueAt,
          featured_image_url: null,
          author_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();

      servers.push(...(await Promise.all([startServer(env), startServer(env)])));
      expect(Date.now(), "both servers were up before the post was due").toBeLessThan(Date.parse(dueAt));

      const post = () =>
        handle.db
          .selectFrom("blog_posts")
          .select(["status", "published_at", "scheduled_at"])
          .where("slug", "=", slug)
          .executeTakeFirstOrThrow();
      await expect
        .poll(async () => (await post()).status, { timeout: 90_000, interval: 500 })
        .toBe("published");
      expect(await post()).toEqual({ status: "published", published_at: dueAt, scheduled_at: null });

      // Both schedulers woke at the post's time; give the slower one its pass before counting.
      await expect
        .poll(() => servers.reduce((sum, server) => sum + publicationsLogged(server, slug), 0), {
          timeout: 10_000,
          interval: 250,
        })
        .toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(servers.map((server) => publicationsLogged(server, slug)).sort()).toEqual([0, 1]);

      // A visitor of either instance finds it.
      for (const server of servers) {
        const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
        expect(sitemap.split(`/blog/${slug}<`)).toHaveLength(2);
      }
    } finally {
      await handle.close();
    }
  });
});
