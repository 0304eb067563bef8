import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ContentPictureView } from "~/components/ui/content-picture";
import { reasons as demoReasons } from "~/content/reasons";
import { services as demoServices, homeServiceIds } from "~/content/services";
import { stats as demoStats } from "~/content/stats";
import { testimonials as demoTestimonials } from "~/content/testimonials";
import { loader as servicesLoader } from "~/routes/servicos";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { database } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import { storeImage } from "~/server/media/media-store.server";
import { findMediaUsages } from "~/server/media/media-usage.server";
import { mediaTag, RENDER_TAGS_HEADER } from "~/server/render-cache/cache-policy.server";
import { listServiceLinks, listServiceSections } from "~/server/services/public-services.server";
import type { ServiceForm } from "~/server/services/service-form-schema.server";
import {
  deleteService,
  getServiceForEdit,
  listServicesForAdmin,
  moveService,
  SlugTakenError,
  saveService,
  UnknownPictureError,
} from "~/server/services/services-admin.server";
import {
  createTestimonial,
  HomeItemNotFoundError,
  homeContentForAdmin,
  moveTestimonial,
  saveStats,
  saveTestimonial,
} from "~/server/site-content/home-content-admin.server";
import { homeContent, listVisibleTestimonials } from "~/server/site-content/public-home-content.server";
import { insertCategory } from "../support/db";
import { testEngines } from "../support/test-database";
import { watchedDatabase } from "../support/watched-database";

// The services, the home page's numbers and reasons and the testimonials in the database:
// what a new or upgraded database holds, what each change announces to the render cache, and
// the admin's rules for them, on every engine.

const uid = () => randomUUID().slice(0, 8);

/** Today's services, as app/content describes them, in the shape the pages read. */
const expectedSections = demoServices.map((service) => ({
  slug: service.id,
  icon: service.icon,
  title: service.title,
  details: service.description,
  features: service.features,
  picture: { kind: "file", file: service.image },
}));

function serviceForm(overrides: Partial<ServiceForm> = {}): ServiceForm {
  return {
    title: `Serviço de teste ${uid()}`,
    slug: null,
    icon: "wrench",
    summary: "Resumo do serviço.",
    details: "Descrição do serviço.",
    features: ["Primeiro item", "Segundo item"],
    picture: null,
    pictureAlt: "",
    showOnHome: false,
    ...overrides,
  };
}

describe.each(testEngines())("site content on $name", (engine) => {
  const watched = watchedDatabase(engine);
  const { tagsAfter } = watched;

  it("a new database holds today's content from app/content, in its order", async () => {
    expect(await listServiceSections()).toEqual(expectedSections);
    expect(await listServiceLinks()).toEqual(demoServices.map((s) => ({ slug: s.id, title: s.title })));
    const home = await homeContent();
    expect(home.services.map((card) => card.slug)).toEqual([...homeServiceIds]);
    for (const card of home.services) {
      const demo = demoServices.find((service) => service.id === card.slug);
      expect(card).toEqual({
        slug: demo?.id,
        icon: demo?.icon,
        title: demo?.title,
        summary: demo?.description,
        picture: {
          kind: "file",
          file: { src: demo?.image.src, alt: demo?.image.alt, width: 800, height: 600 },
        },
      });
    }
    expect(home.stats).toEqual(demoStats.map((stat) => ({ value: stat.number, label: stat.label })));
    expect(home.reasons).toEqual(demoReasons);
    expect(await listVisibleTestimonials()).toEqual(demoTestimonials);
  });

  // Every migration on a database of its own: seconds on PostgreSQL when the machine is busy.
  it("an existing database gets the same content when it is upgraded", { timeout: 30_000 }, async () => {
    const fresh = testEngines().find((candidate) => candidate.name === engine.name);
    if (!fresh) throw new Error("engine missing");
    const handle = await openDatabase(databaseConfigFromEnv(fresh.env));
    try {
      // The database as the previous version left it: every migration before this one, and content.
      const previous = await migrationProvider.getMigrations();
      const before = Object.fromEntries(Object.entries(previous).filter(([name]) => name < "0008"));
      await migrateToLatest(handle, { getMigrations: async () => before });
      await insertCategory(handle.db, "Categoria antiga", `categoria-antiga-${uid()}`);

      const through0008 = Object.fromEntries(
        Object.entries(previous).filter(([name]) => name <= "0008-services-and-home"),
      );
      expect(await migrateToLatest(handle, { getMigrations: async () => through0008 })).toEqual([
        "0008-services-and-home",
      ]);
      const services = await handle.db
        .selectFrom("services")
        .select(["slug", "title", "details", "picture_path", "show_on_home", "home_position"])
        .orderBy("position")
        .execute();
      expect(services.map((row) => [row.slug, row.title, row.details, row.picture_path])).toEqual(
        demoServices.map((service) => [service.id, service.title, service.description, service.image.src]),
      );
      const onHome = services
        .filter((row) => row.show_on_home)
        .sort((a, b) => a.home_position - b.home_position)
        .map((row) => row.slug);
      expect(onHome).toEqual([...homeServiceIds]);
      const stats = await handle.db
        .selectFrom("stats")
        .select(["value", "label"])
        .orderBy("position")
        .execute();
      expect(stats).toEqual(demoStats.map((stat) => ({ value: stat.number, label: stat.label })));
      const reasons = await handle.db.selectFrom("reasons").select("title").orderBy("position").execute();
      expect(reasons.map((row) => row.title)).toEqual(demoReasons.map((reason) => reason.title));
      const testimonials = await handle.db
        .selectFrom("testimonials")
        .select(["author", "quote", "visible"])
        .orderBy("position")
        .execute();
      expect(testimonials.map((row) => [row.author, row.quote, Boolean(row.visible)])).toEqual(
        demoTestimonials.map((testimonial) => [testimonial.author, testimonial.quote, true]),
      );
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });

  describe("what a change announces to the render cache", () => {
    const service = (slug: string) => watched.other.db.updateTable("services").where("slug", "=", slug);

    it("a service on the home page: its card's text → home; its details → /servicos; its title → both and the footer", async () => {
      expect(
        await tagsAfter(() => service("impermeabilizacao").set({ summary: "Novo resumo." }).execute()),
      ).toEqual(["home"]);
      expect(
        await tagsAfter(() => service("impermeabilizacao").set({ details: "Nova descrição." }).execute()),
      ).toEqual(["services"]);
      expect(
        await tagsAfter(() => service("impermeabilizacao").set({ features: '["Um item novo"]' }).execute()),
      ).toEqual(["services"]);
      expect(
        await tagsAfter(() =>
          service("impermeabilizacao").set({ title: "Impermeabilização Total" }).execute(),
        ),
      ).toEqual(["footer", "home", "services"]);
      expect(await tagsAfter(() => service("impermeabilizacao").set({ home_position: 9 }).execute())).toEqual(
        ["home"],
      );
    });

    it("a service not on the home page: its summary → nothing; showing it there → home; its order → /servicos and the footer", async () => {
      expect(
        await tagsAfter(() => service("rejuntamento").set({ summary: "Outro resumo." }).execute()),
      ).toEqual([]);
      expect(await tagsAfter(() => service("rejuntamento").set({ show_on_home: true }).execute())).toEqual([
        "home",
      ]);
      expect(await tagsAfter(() => service("rejuntamento").set({ show_on_home: false }).execute())).toEqual([
        "home",
      ]);
      expect(await tagsAfter(() => service("lavagem-fachadas").set({ position: 30 }).execute())).toEqual([
        "footer",
        "services",
      ]);
      // Written again with the same values: nobody sees a difference.
      expect(await tagsAfter(() => service("lavagem-fachadas").set({ position: 30 }).execute())).toEqual([]);
    });

    it("adding or deleting a service → /servicos, the footer, and home when it is on it", async () => {
      const now = new Date().toISOString();
      const row = (slug: string, onHome: boolean) => ({
        id: randomUUID(),
        slug,
        icon: "grid" as const,
        title: `Serviço ${slug}`,
        summary: "Resumo.",
        details: "Descrição.",
        features: "[]",
        picture_alt: "",
        position: 50,
        show_on_home: onHome,
        home_position: 50,
        created_at: now,
        updated_at: now,
      });
      const hidden = `oculto-${uid()}`;
      const shown = `visivel-${uid()}`;
      expect(
        await tagsAfter(() => watched.other.db.insertInto("services").values(row(hidden, false)).execute()),
      ).toEqual(["footer", "services"]);
      expect(
        await tagsAfter(() => watched.other.db.insertInto("services").values(row(shown, true)).execute()),
      ).toEqual(["footer", "home", "services"]);
      expect(
        await tagsAfter(() =>
          watched.other.db.deleteFrom("services").where("slug", "in", [hidden, shown]).execute(),
        ),
      ).toEqual(["footer", "home", "services"]);
    });

    it("numbers and reasons → home; a visible testimonial → /obras; a hidden one → nothing", async () => {
      expect(
        await tagsAfter(() => watched.other.db.updateTable("stats").set({ value: "300+" }).execute()),
      ).toEqual(["home"]);
      expect(
        await tagsAfter(() =>
          watched.other.db.updateTable("reasons").set({ title: "Outro motivo" }).execute(),
        ),
      ).toEqual(["home"]);
      const [first] = await watched.other.db
        .selectFrom("testimonials")
        .select("id")
        .orderBy("position")
        .execute();
      const byId = () => watched.other.db.updateTable("testimonials").where("id", "=", first?.id ?? "");
      expect(await tagsAfter(() => byId().set({ quote: "Texto novo." }).execute())).toEqual(["testimonials"]);
      expect(await tagsAfter(() => byId().set({ visible: false }).execute())).toEqual(["testimonials"]);
      expect(await tagsAfter(() => byId().set({ quote: "Texto oculto." }).execute())).toEqual([]);
      expect(await tagsAfter(() => byId().set({ visible: true }).execute())).toEqual(["testimonials"]);
    });
  });

  describe("the admin's rules", () => {
    it("a new service gets an anchor from its title and goes last; an anchor in use is refused", async () => {
      const title = `Limpeza de Calhas ${uid()}`;
      const created = await saveService(null, serviceForm({ title, features: ["Calhas", "Rufos"] }));
      expect(created.created).toBe(true);
      const saved = await getServiceForEdit(created.id);
      expect(saved?.slug).toMatch(/^limpeza-de-calhas-/);
      expect(saved?.features).toEqual(["Calhas", "Rufos"]);
      const { services } = await listServicesForAdmin();
      expect(services.at(-1)?.id).toBe(created.id);

      await expect(saveService(null, serviceForm({ slug: "rejuntamento" }))).rejects.toBeInstanceOf(
        SlugTakenError,
      );
      await expect(saveService(created.id, serviceForm({ slug: "rejuntamento" }))).rejects.toBeInstanceOf(
        SlugTakenError,
      );
      // Editing keeps the anchor when the field is left empty.
      await saveService(created.id, serviceForm({ title: "Outro título", slug: null }));
      expect((await getServiceForEdit(created.id))?.slug).toBe(saved?.slug);
      expect(await deleteService(created.id)).toBe(true);
      expect(await getServiceForEdit(created.id)).toBeNull();
    });

    it("a picture is a library image or a shipped illustration; anything else is refused and nothing is saved", async () => {
      const bytes = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      const image = await storeImage(bytes, { source: "upload", uploadedBy: null, name: "foto-da-obra.png" });
      const created = await saveService(
        null,
        serviceForm({ picture: image.url, pictureAlt: "Foto da obra", showOnHome: true }),
      );
      const edit = await getServiceForEdit(created.id);
      expect(edit?.picture).toBe(image.url);
      const section = (await listServiceSections()).find((item) => item.slug === edit?.slug);
      const hash = image.url.split("/")[2] ?? "";
      expect(section?.picture).toEqual({
        kind: "media",
        image: { hash, width: 900, height: 600, alt: "Foto da obra", avif: true },
      });
      // /servicos draws it as a responsive <picture>, AVIF first, and names it for the cache.
      const page = await servicesLoader();
      expect(page.init?.headers).toEqual({ [RENDER_TAGS_HEADER]: expect.stringContaining(mediaTag(hash)) });
      if (!section?.picture) throw new Error("the service lost its picture");
      const html = renderToStaticMarkup(
        createElement(ContentPictureView, { picture: section.picture, sizes: "100vw" }),
      );
      expect(html).toContain(`<source type="image/avif" srcSet="/media/${hash}/400.avif 400w`);
      expect(html).toContain('alt="Foto da obra"');
      const db = await database();
      const media = await db
        .selectFrom("media")
        .select("id")
        .where("hash", "=", image.url.split("/")[2] ?? "")
        .executeTakeFirstOrThrow();
      expect(await findMediaUsages([media.id, randomUUID()])).toEqual([
        { mediaId: media.id, place: `Serviço: ${edit?.title}`, href: `/admin/servicos/${created.id}` },
      ]);
      // The library cannot delete an image a service shows.
      await expect(db.deleteFrom("media").where("id", "=", media.id).execute()).rejects.toThrow();

      const before = await getServiceForEdit(created.id);
      for (const picture of [
        "/media/00000000000000000000000000000000/800x600.webp",
        "/illustrations/nao-existe.svg",
      ]) {
        await expect(
          saveService(created.id, serviceForm({ title: "Não salvo", picture, pictureAlt: "x" })),
        ).rejects.toBeInstanceOf(UnknownPictureError);
      }
      expect(await getServiceForEdit(created.id)).toEqual(before);

      await saveService(
        created.id,
        serviceForm({ picture: "/illustrations/servico-rejuntamento.svg", pictureAlt: "Ilustração" }),
      );
      expect((await getServiceForEdit(created.id))?.picture).toBe("/illustrations/servico-rejuntamento.svg");
      expect(await findMediaUsages([media.id])).toEqual([]);
      await deleteService(created.id);
    });

    it("moves a service on /servicos and among the home cards; one newly shown on the home page goes last there", async () => {
      const slugs = async () => (await listServiceSections()).map((service) => service.slug);
      const homeSlugs = async () => (await homeContent()).services.map((card) => card.slug);
      const before = await slugs();
      const { services } = await listServicesForAdmin();
      const second = services[1];
      if (!second) throw new Error("no services");
      expect(await moveService(second.id, "up", "page")).toBe(true);
      const after = await slugs();
      expect(after[0]).toBe(before[1]);
      expect(after[1]).toBe(before[0]);
      expect(await moveService(second.id, "up", "page")).toBe(true);
      expect(await slugs()).toEqual(after);
      expect(await moveService(second.id, "down", "page")).toBe(true);
      expect(await slugs()).toEqual(before);

      const homeBefore = await homeSlugs();
      const { home } = await listServicesForAdmin();
      const last = home.at(-1);
      if (!last) throw new Error("no home services");
      expect(await moveService(last.id, "up", "home")).toBe(true);
      const homeAfter = await homeSlugs();
      expect(homeAfter.at(-2)).toBe(homeBefore.at(-1));
      // The /servicos order is untouched by the home order.
      expect(await slugs()).toEqual(before);

      const notOnHome = services.find((service) => !service.showOnHome);
      if (!notOnHome) throw new Error("every service is on the home page");
      expect(await moveService(notOnHome.id, "up", "home")).toBe(false);
      const edit = await getServiceForEdit(notOnHome.id);
      if (!edit) throw new Error("service missing");
      await saveService(notOnHome.id, {
        ...serviceForm(),
        ...edit,
        slug: edit.slug,
        picture: edit.picture,
        showOnHome: true,
      });
      expect((await homeSlugs()).at(-1)).toBe(edit.slug);
      expect(await moveService(randomUUID(), "up", "page")).toBe(false);
    });

    it("the numbers are saved all together or not at all", async () => {
      const { stats } = await homeContentForAdmin();
      const [first, second] = stats;
      if (!first || !second) throw new Error("no stats");
      await expect(
        saveStats([
          { id: first.id, value: "999+", label: "Não salvo" },
          { id: randomUUID(), value: "1", label: "Desconhecido" },
        ]),
      ).rejects.toBeInstanceOf(HomeItemNotFoundError);
      expect((await homeContentForAdmin()).stats).toEqual(stats);
      await saveStats([{ id: second.id, value: "15+", label: "Anos de estrada" }]);
      expect((await homeContent()).stats[1]).toEqual({ value: "15+", label: "Anos de estrada" });
    });

    it("testimonials: a new one goes last, a hidden one leaves the page, and the order changes", async () => {
      const author = `Síndico ${uid()}`;
      const id = await createTestimonial({
        author,
        role: "Síndico, Edifício Teste",
        quote: "Ótimo.",
        visible: true,
      });
      expect((await listVisibleTestimonials()).at(-1)?.author).toBe(author);
      expect(await moveTestimonial(id, "up")).toBe(true);
      expect((await listVisibleTestimonials()).at(-2)?.author).toBe(author);
      expect(await saveTestimonial(id, { author, role: "Síndico", quote: "Ótimo.", visible: false })).toBe(
        true,
      );
      expect((await listVisibleTestimonials()).map((t) => t.author)).not.toContain(author);
      expect(await saveTestimonial(randomUUID(), { author, role: "x", quote: "x", visible: true })).toBe(
        false,
      );
    });
  });
});
