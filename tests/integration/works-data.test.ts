import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { projects as demoProjects } from "~/content/projects";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import { testEngines } from "../support/test-database";
import { watchedDatabase } from "../support/watched-database";

// The works portfolio in the database: what a new or upgraded database holds and what each
// change announces to the render cache (`works` = /obras and the sitemap, `work:<slug>` = the
// work's page), whoever makes it, on every engine.

const uid = () => randomUUID().slice(0, 8);

describe.each(testEngines())("works data on $name", (engine) => {
  const watched = watchedDatabase(engine);
  const { tagsAfter } = watched;

  async function insertWork(slug: string, published: boolean): Promise<string> {
    const id = randomUUID();
    const now = new Date().toISOString();
    await watched.other.db
      .insertInto("works")
      .values({
        id,
        slug,
        title: `Obra ${slug}`,
        search_text: `obra ${slug}`,
        description: "Serviços da obra.",
        in_progress: false,
        published,
        position: 100,
        cover_media_id: null,
        cover_path: null,
        cover_width: null,
        cover_height: null,
        created_at: now,
        updated_at: now,
        published_at: published ? now : null,
      })
      .execute();
    return id;
  }

  const photo = (workId: string, position: number) => ({
    id: randomUUID(),
    work_id: workId,
    position,
    title: `Foto ${position}`,
    alt: "Fachada do prédio",
    media_id: null,
    path: "/illustrations/obra-01.svg",
    width: 800,
    height: 600,
  });

  const pair = (workId: string) => ({
    id: randomUUID(),
    work_id: workId,
    position: 0,
    title: "Fachada",
    before_media_id: null,
    before_path: "/illustrations/obra-01.svg",
    before_width: 800,
    before_height: 600,
    before_alt: "Antes",
    after_media_id: null,
    after_path: "/illustrations/obra-02.svg",
    after_width: 800,
    after_height: 600,
    after_alt: "Depois",
  });

  it("a new database holds the works of app/content/projects.ts, published, in their order", async () => {
    const works = await watched.other.db
      .selectFrom("works")
      .select(["id", "slug", "title", "description", "published", "in_progress", "cover_path"])
      .orderBy("position")
      .execute();
    expect(works.map((work) => [work.slug, work.title, work.description, Boolean(work.published)])).toEqual(
      demoProjects.map((project) => [project.id, project.title, project.services, true]),
    );
    expect(works.map((work) => Boolean(work.in_progress))).toEqual(
      demoProjects.map((project) => project.status === "in-progress"),
    );
    for (const [index, work] of works.entries()) {
      const photos = await watched.other.db
        .selectFrom("work_photos")
        .select(["title", "path", "alt"])
        .where("work_id", "=", work.id)
        .orderBy("position")
        .execute();
      const project = demoProjects[index];
      expect(photos).toEqual(
        project?.images.map((image) => ({ title: image.title, path: image.after.src, alt: image.after.alt })),
      );
      expect(work.cover_path).toBe(project?.images[0]?.after.src);
    }
  });

  it("an upgraded database gets the same works", async () => {
    const fresh = testEngines().find((candidate) => candidate.name === engine.name);
    if (!fresh) throw new Error("engine missing");
    const handle = await openDatabase(databaseConfigFromEnv(fresh.env));
    try {
      const previous = await migrationProvider.getMigrations();
      const before = Object.fromEntries(Object.entries(previous).filter(([name]) => name < "0009"));
      await migrateToLatest(handle, { getMigrations: async () => before });
      expect(await migrateToLatest(handle)).toContain("0009-works");
      const works = await handle.db
        .selectFrom("works")
        .select(["slug", "title"])
        .orderBy("position")
        .execute();
      expect(works).toEqual(demoProjects.map((project) => ({ slug: project.id, title: project.title })));
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });

  describe("what a change announces to the render cache", () => {
    it("a published work: added, its text, its order, unpublished, deleted", async () => {
      const slug = `obra-${uid()}`;
      let id = "";
      expect(
        await tagsAfter(async () => {
          id = await insertWork(slug, true);
        }),
      ).toEqual([`work:${slug}`, "works"]);
      const work = () => watched.other.db.updateTable("works").where("id", "=", id);
      // Only its page shows the neighbourhood.
      expect(await tagsAfter(() => work().set({ neighbourhood: "Batel" }).execute())).toEqual([
        `work:${slug}`,
      ]);
      // The accordion and the page show the title.
      expect(await tagsAfter(() => work().set({ title: "Outro título" }).execute())).toEqual([
        `work:${slug}`,
        "works",
      ]);
      // Only /obras shows the order.
      expect(await tagsAfter(() => work().set({ position: 101 }).execute())).toEqual(["works"]);
      // The same values again: nobody sees a difference.
      expect(await tagsAfter(() => work().set({ position: 101 }).execute())).toEqual([]);
      // A new slug: the old page goes (404) and the new one comes.
      const renamed = `${slug}-novo`;
      expect(await tagsAfter(() => work().set({ slug: renamed }).execute())).toEqual(
        [`work:${slug}`, `work:${renamed}`, "works"].sort(),
      );
      expect(await tagsAfter(() => work().set({ published: false }).execute())).toEqual([
        `work:${renamed}`,
        "works",
      ]);
      // A draft that stays a draft is not public.
      expect(await tagsAfter(() => work().set({ title: "Rascunho" }).execute())).toEqual([]);
      expect(await tagsAfter(() => work().set({ published: true }).execute())).toEqual([
        `work:${renamed}`,
        "works",
      ]);
      expect(
        await tagsAfter(() => watched.other.db.deleteFrom("works").where("id", "=", id).execute()),
      ).toEqual([`work:${renamed}`, "works"]);
    });

    it("a draft: added, changed and deleted → nothing", async () => {
      const slug = `rascunho-${uid()}`;
      let id = "";
      expect(
        await tagsAfter(async () => {
          id = await insertWork(slug, false);
        }),
      ).toEqual([]);
      expect(
        await tagsAfter(() => watched.other.db.insertInto("work_photos").values(photo(id, 0)).execute()),
      ).toEqual([]);
      expect(
        await tagsAfter(() => watched.other.db.insertInto("work_pairs").values(pair(id)).execute()),
      ).toEqual([]);
      expect(
        await tagsAfter(() =>
          watched.other.db.updateTable("works").set({ title: "Outro" }).where("id", "=", id).execute(),
        ),
      ).toEqual([]);
      expect(
        await tagsAfter(() => watched.other.db.deleteFrom("works").where("id", "=", id).execute()),
      ).toEqual([]);
    });

    it("a published work's photos → /obras and its page; its before/after pairs → its page only", async () => {
      const slug = `fotos-${uid()}`;
      const id = await insertWork(slug, true);
      const first = photo(id, 0);
      expect(
        await tagsAfter(() => watched.other.db.insertInto("work_photos").values(first).execute()),
      ).toEqual([`work:${slug}`, "works"]);
      const photoRow = () => watched.other.db.updateTable("work_photos").where("id", "=", first.id);
      expect(await tagsAfter(() => photoRow().set({ alt: "Outra descrição" }).execute())).toEqual([
        `work:${slug}`,
        "works",
      ]);
      expect(await tagsAfter(() => photoRow().set({ alt: "Outra descrição" }).execute())).toEqual([]);
      expect(
        await tagsAfter(() =>
          watched.other.db.deleteFrom("work_photos").where("id", "=", first.id).execute(),
        ),
      ).toEqual([`work:${slug}`, "works"]);

      const before = pair(id);
      expect(
        await tagsAfter(() => watched.other.db.insertInto("work_pairs").values(before).execute()),
      ).toEqual([`work:${slug}`]);
      expect(
        await tagsAfter(() =>
          watched.other.db
            .updateTable("work_pairs")
            .set({ after_alt: "Depois da obra" })
            .where("id", "=", before.id)
            .execute(),
        ),
      ).toEqual([`work:${slug}`]);
      expect(
        await tagsAfter(() =>
          watched.other.db.deleteFrom("work_pairs").where("id", "=", before.id).execute(),
        ),
      ).toEqual([`work:${slug}`]);

      await watched.other.db.insertInto("work_photos").values(photo(id, 1)).execute();
      // Deleting the work takes its photos with it; the pages are named once.
      expect(
        await tagsAfter(() => watched.other.db.deleteFrom("works").where("id", "=", id).execute()),
      ).toEqual([`work:${slug}`, "works"]);
      expect(
        await watched.other.db.selectFrom("work_photos").select("id").where("work_id", "=", id).execute(),
      ).toEqual([]);
    });
  });
});
