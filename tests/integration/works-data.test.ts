import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { projects as demoProjects } from "~/content/projects";
import { WORKS_PAGE_SIZE } from "~/lib/works";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import { storeImage } from "~/server/media/media-store.server";
import { cacheablePage } from "~/server/render-cache/cache-policy.server";
import {
  getPublishedWork,
  listPublishedWorkSlugs,
  listPublishedWorks,
} from "~/server/works/public-works.server";
import { testEngines } from "../support/test-database";
import { watchedDatabase } from "../support/watched-database";

// The works portfolio in the database: what a new or upgraded database holds, what the public
// pages read (published works only, in order, in pages of 20), and what each change announces to the render cache (`works` = /obras and the sitemap, `work:<slug>` = the
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

  // Every migration on a database of its own: seconds on PostgreSQL when the machine is busy.
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
  }, 30_000);

  describe("what the public pages read", () => {
    it("/obras: the demo works as the accordion showed them, each photo under its title", async () => {
      const first = await listPublishedWorks(1);
      expect(first?.page).toBe(1);
      expect(first?.pageCount).toBe(1);
      expect(first?.works).toEqual(
        demoProjects.map((project) => ({
          slug: project.id,
          title: project.title,
          services: [],
          description: project.services,
          inProgress: false,
          photos: project.images.map((image) => ({
            title: image.title,
            picture: { kind: "file", file: image.after },
          })),
        })),
      );
      // A page past the last one does not exist.
      expect(await listPublishedWorks(2)).toBeNull();
    });

    it("a work's page: library and shipped pictures, own alt text first, pairs in order; drafts and unknown slugs are not found", async () => {
      const bytes = (color: number) =>
        sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: color, g: 120, b: 90 } } })
          .png()
          .toBuffer();
      const cover = await storeImage(await bytes(10), {
        source: "upload",
        uploadedBy: null,
        name: "capa.png",
        alt: "Alt da biblioteca",
      });
      const second = await storeImage(await bytes(200), {
        source: "upload",
        uploadedBy: null,
        name: "outra.png",
      });
      const slug = `publica-${uid()}`;
      const id = await insertWork(slug, true);
      await watched.other.db
        .updateTable("works")
        .set({
          cover_media_id: cover.id,
          neighbourhood: "Batel",
          period: "2024",
          building_type: "Residencial",
          services: JSON.stringify(["Pintura", "Rejuntamento"]),
        })
        .where("id", "=", id)
        .execute();
      await watched.other.db
        .insertInto("work_photos")
        .values([
          { ...photo(id, 1), title: "Segunda", alt: "" },
          { ...photo(id, 0), title: "Primeira", media_id: second.id, path: null, width: null, height: null },
        ])
        .execute();
      await watched.other.db
        .insertInto("work_pairs")
        .values({
          ...pair(id),
          before_media_id: cover.id,
          before_path: null,
          before_width: null,
          before_height: null,
        })
        .execute();

      const work = await getPublishedWork(slug);
      expect(work).toMatchObject({
        slug,
        title: `Obra ${slug}`,
        neighbourhood: "Batel",
        city: "Curitiba",
        period: "2024",
        buildingType: "Residencial",
        services: ["Pintura", "Rejuntamento"],
        inProgress: false,
      });
      expect(work?.cover).toEqual({
        kind: "media",
        image: {
          hash: cover.url.split("/")[2],
          width: 1000,
          height: 750,
          alt: "Alt da biblioteca",
          avif: true,
        },
      });
      expect(
        work?.photos.map((item) => [
          item.title,
          item.picture.kind,
          item.picture.kind === "media" ? item.picture.image.alt : item.picture.file.alt,
        ]),
      ).toEqual([
        ["Primeira", "media", "Fachada do prédio"],
        // No alt text of its own: its title says what it shows.
        ["Segunda", "file", "Segunda"],
      ]);
      expect(work?.pairs).toEqual([
        {
          title: "Fachada",
          before: { kind: "media", image: expect.objectContaining({ alt: "Antes" }) },
          after: {
            kind: "file",
            file: { src: "/illustrations/obra-02.svg", alt: "Depois", width: 800, height: 600 },
          },
        },
      ]);
      expect((await listPublishedWorkSlugs()).map((item) => item.slug)).toContain(slug);

      await watched.other.db.updateTable("works").set({ published: false }).where("id", "=", id).execute();
      expect(await getPublishedWork(slug)).toBeNull();
      expect((await listPublishedWorkSlugs()).map((item) => item.slug)).not.toContain(slug);
      expect((await listPublishedWorks(1))?.works.map((item) => item.slug)).not.toContain(slug);
      expect(await getPublishedWork("nao-existe")).toBeNull();
      await watched.other.db.deleteFrom("works").where("id", "=", id).execute();
      // Two library images stored in every format and width: seconds on a loaded machine.
    }, 30_000);

    it("more than 20 published works: pages of 20 in order, drafts left out", async () => {
      const extra = WORKS_PAGE_SIZE + 5 - demoProjects.length;
      const slugs: string[] = [];
      for (let index = 0; index < extra; index++) {
        const slug = `pagina-${String(index).padStart(2, "0")}-${uid()}`;
        const id = await insertWork(slug, true);
        await watched.other.db
          .updateTable("works")
          .set({ position: 200 + index })
          .where("id", "=", id)
          .execute();
        slugs.push(slug);
      }
      await insertWork(`rascunho-${uid()}`, false);
      const first = await listPublishedWorks(1);
      const second = await listPublishedWorks(2);
      expect(first?.pageCount).toBe(2);
      expect(first?.works).toHaveLength(WORKS_PAGE_SIZE);
      expect(second?.works.map((work) => work.slug)).toEqual(slugs.slice(-5));
      expect([...(first?.works ?? []), ...(second?.works ?? [])].map((work) => work.slug)).toEqual([
        ...demoProjects.map((project) => project.id),
        ...slugs,
      ]);
      expect(await listPublishedWorks(3)).toBeNull();
      await watched.other.db.deleteFrom("works").where("slug", "in", slugs).execute();
      await watched.other.db.deleteFrom("works").where("published", "=", false).execute();
    });
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
      // The accordion lists the services performed, as the page does.
      expect(
        await tagsAfter(() =>
          work()
            .set({ services: JSON.stringify(["Pintura"]) })
            .execute(),
        ),
      ).toEqual([`work:${slug}`, "works"]);
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

describe("render-cache addresses of the works", () => {
  const page = (address: string) => cacheablePage(new URL(address, "http://localhost"));

  it("each page of /obras is kept apart; a query that is no page is the first page", () => {
    expect(page("/obras")).toEqual({
      key: "/obras",
      tags: expect.arrayContaining(["works", "testimonials"]),
    });
    expect(page("/obras?pagina=2")?.key).toBe("/obras?pagina=2");
    expect(page("/obras?pagina=1")?.key).toBe("/obras");
    expect(page("/obras?pagina=abc&utm_source=x")?.key).toBe("/obras");
    expect(page("/obras?pagina=0")?.key).toBe("/obras");
  });

  it("a work's page is named by its slug; the sitemap by every published work", () => {
    expect(page("/obras/edificio-jardim-do-cabral")).toEqual({
      key: "/obras/edificio-jardim-do-cabral",
      tags: expect.arrayContaining(["work:edificio-jardim-do-cabral", "footer"]),
    });
    expect(page("/obras/Nao_Slug")).toBeUndefined();
    expect(page("/sitemap.xml")?.tags).toContain("works");
  });
});
