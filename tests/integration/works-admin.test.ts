import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { database } from "~/server/db/database.server";
import { deleteMedia } from "~/server/media/media-library.server";
import { storeImage } from "~/server/media/media-store.server";
import { findMediaUsages } from "~/server/media/media-usage.server";
import {
  MissingAltError,
  saveWork,
  UnknownWorkPictureError,
  WorkNotFoundError,
  WorkSlugTakenError,
} from "~/server/works/save-work.server";
import { getWorkForEdit } from "~/server/works/work-for-edit.server";
import { readWorkFormValues, validateWorkForm, type WorkFormValues } from "~/server/works/work-form.server";
import type { WorkForm } from "~/server/works/work-form-schema.server";
import { workIdFromParam } from "~/server/works/work-id.server";
import { deleteWork, moveWork, setWorkPublished } from "~/server/works/work-list-actions.server";
import { listWorksForAdmin, WORKS_ADMIN_PAGE_SIZE } from "~/server/works/works-admin-list.server";
import { solidImage } from "../support/photo-fixtures";
import { testEngines } from "../support/test-database";
import { watchedDatabase } from "../support/watched-database";

// The works admin on every engine: saving a work with its gallery and pairs in one transaction,
// what is refused (and that nothing of it is saved), publishing, order, search and pages,
// deletion, where library images are used, and the form's pt-BR messages.

const uid = () => randomUUID().slice(0, 8);

/** A library image of its own colour (the same pixels would be the same image). */
async function libraryImage(name: string, alt = "") {
  const background = `#${randomUUID().replaceAll("-", "").slice(0, 6)}`;
  const bytes = await solidImage(640, 480, background).png().toBuffer();
  return storeImage(bytes, { source: "upload", uploadedBy: null, name, alt });
}

const media = (id: string) => ({ kind: "media" as const, id });

function workForm(overrides: Partial<WorkForm> = {}): WorkForm {
  return {
    title: `Edifício de teste ${uid()}`,
    slug: null,
    neighbourhood: "Batel",
    city: "Curitiba",
    period: "2024",
    buildingType: "Residencial",
    services: ["Restauração de fachada", "Rejuntamento"],
    description: "Primeiro parágrafo.\n\nSegundo parágrafo.",
    inProgress: false,
    published: false,
    cover: null,
    coverAlt: "",
    photos: [],
    pairs: [],
    ...overrides,
  };
}

/** The raw form as a browser posts it (every field a string). */
function formValues(overrides: Partial<WorkFormValues> = {}): WorkFormValues {
  return {
    title: "Edifício Aurora",
    slug: "",
    neighbourhood: "",
    city: "Curitiba",
    period: "",
    buildingType: "",
    services: "",
    description: "",
    inProgress: "",
    published: "on",
    cover: "",
    coverAlt: "",
    photos: [],
    pairs: [],
    ...overrides,
  };
}

describe.each(testEngines())("works admin on $name", (engine) => {
  const { tagsAfter } = watchedDatabase(engine);

  async function counts(workId: string) {
    const db = await database();
    const photos = await db.selectFrom("work_photos").select("id").where("work_id", "=", workId).execute();
    const pairs = await db.selectFrom("work_pairs").select("id").where("work_id", "=", workId).execute();
    return { photos: photos.length, pairs: pairs.length };
  }

  it("saves a work with its cover, gallery and pair in order, first on the list, and reads it back", async () => {
    const cover = await libraryImage(`capa-${uid()}.png`, "Fachada depois da obra");
    const photos = await Promise.all([1, 2, 3].map((n) => libraryImage(`foto-${n}-${uid()}.png`)));
    const [one, two, three] = photos.map((photo) => photo.id) as [string, string, string];
    const before = await libraryImage(`antes-${uid()}.png`, "Fachada antes, com pastilhas soltas");
    const after = await libraryImage(`depois-${uid()}.png`);
    const form = workForm({
      published: true,
      cover: media(cover.id),
      coverAlt: "Fachada do Edifício depois da restauração",
      photos: [
        { picture: media(three), title: "Cobertura", alt: "Cobertura impermeabilizada" },
        { picture: media(one), title: "Fachada norte", alt: "" },
        { picture: media(two), title: "Detalhe", alt: "Detalhe do rejunte" },
      ],
      pairs: [
        {
          title: "Fachada principal",
          before: media(before.id),
          beforeAlt: "",
          after: media(after.id),
          afterAlt: "",
        },
      ],
    });
    const saved = await saveWork(null, form);
    expect(saved.created).toBe(true);

    const work = await getWorkForEdit(saved.id);
    expect(work).toMatchObject({
      title: form.title,
      slug: expect.stringMatching(/^edificio-de-teste-/),
      neighbourhood: "Batel",
      services: ["Restauração de fachada", "Rejuntamento"],
      description: "Primeiro parágrafo.\n\nSegundo parágrafo.",
      published: true,
      coverAlt: "Fachada do Edifício depois da restauração",
    });
    expect(work?.cover?.ref).toBe(cover.id);
    expect(work?.photos.map((photo) => [photo.picture.ref, photo.title, photo.alt])).toEqual([
      [three, "Cobertura", "Cobertura impermeabilizada"],
      // No alt typed and none in the library: the photo's title stands in.
      [one, "Fachada norte", "Fachada norte"],
      [two, "Detalhe", "Detalhe do rejunte"],
    ]);
    expect(work?.pairs).toHaveLength(1);
    expect(work?.pairs[0]).toMatchObject({
      title: "Fachada principal",
      // The library's alt text, else the pair's title.
      beforeAlt: "Fachada antes, com pastilhas soltas",
      afterAlt: "Fachada principal: depois",
    });
    expect(work?.pairs[0]?.before.ref).toBe(before.id);
    expect(work?.pairs[0]?.after.ref).toBe(after.id);

    const list = await listWorksForAdmin({ search: "", page: 1 });
    expect(list.items[0]).toMatchObject({ id: saved.id, published: true, index: 0 });
    const db = await database();
    const row = await db
      .selectFrom("works")
      .select("published_at")
      .where("id", "=", saved.id)
      .executeTakeFirst();
    expect(row?.published_at).toBeTruthy();
  });

  it("an update replaces the gallery and pairs in the new order, in one transaction", async () => {
    const [a, b] = await Promise.all([
      libraryImage(`a-${uid()}.png`, "A"),
      libraryImage(`b-${uid()}.png`, "B"),
    ]);
    const { id } = await saveWork(
      null,
      workForm({
        photos: [
          { picture: media(a.id), title: "Primeira", alt: "" },
          { picture: media(b.id), title: "Segunda", alt: "" },
        ],
      }),
    );
    const edited = workForm({
      title: "Obra editada",
      photos: [{ picture: media(b.id), title: "Segunda, agora primeira", alt: "Texto B" }],
    });
    expect(await saveWork(id, edited)).toEqual({ id, created: false });
    const work = await getWorkForEdit(id);
    expect(work?.title).toBe("Obra editada");
    expect(work?.photos.map((photo) => [photo.picture.ref, photo.title, photo.alt])).toEqual([
      [b.id, "Segunda, agora primeira", "Texto B"],
    ]);

    // An unknown image in the middle of the gallery: nothing of the update is kept.
    const unknown = randomUUID();
    await expect(
      saveWork(
        id,
        workForm({
          title: "Não deve ser salvo",
          photos: [
            { picture: media(a.id), title: "", alt: "x" },
            { picture: media(unknown), title: "", alt: "y" },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UnknownWorkPictureError);
    expect((await getWorkForEdit(id))?.title).toBe("Obra editada");
    expect(await counts(id)).toEqual({ photos: 1, pairs: 0 });
  });

  it("refuses a taken address, an unknown picture, a photo without words and a gone work, saving nothing", async () => {
    const before = (await listWorksForAdmin({ search: "", page: 1 })).all;
    const { id } = await saveWork(null, workForm({ slug: `endereco-${uid()}` }));
    const taken = (await getWorkForEdit(id))?.slug ?? "";
    await expect(saveWork(null, workForm({ slug: taken }))).rejects.toBeInstanceOf(WorkSlugTakenError);
    await expect(
      saveWork(null, workForm({ cover: media(randomUUID()), coverAlt: "Capa" })),
    ).rejects.toBeInstanceOf(UnknownWorkPictureError);
    await expect(
      saveWork(
        null,
        workForm({ cover: { kind: "path", path: "/illustrations/nao-existe.svg" }, coverAlt: "x" }),
      ),
    ).rejects.toBeInstanceOf(UnknownWorkPictureError);
    const plain = await libraryImage(`sem-alt-${uid()}.png`);
    await expect(
      saveWork(null, workForm({ photos: [{ picture: media(plain.id), title: "", alt: "" }] })),
    ).rejects.toBeInstanceOf(MissingAltError);
    await expect(saveWork(randomUUID(), workForm())).rejects.toBeInstanceOf(WorkNotFoundError);
    expect((await listWorksForAdmin({ search: "", page: 1 })).all).toBe(before + 1);

    // The same title twice without an address: the second gets its own.
    const title = `Mesmo título ${uid()}`;
    const first = await saveWork(null, workForm({ title }));
    const second = await saveWork(null, workForm({ title }));
    const slugs = [(await getWorkForEdit(first.id))?.slug, (await getWorkForEdit(second.id))?.slug];
    expect(slugs[1]).toBe(`${slugs[0]}-1`);
  });

  it("names every photo and pair without words at once, and saves nothing", async () => {
    const before = (await listWorksForAdmin({ search: "", page: 1 })).all;
    const [plain, described, pairSide] = await Promise.all([
      libraryImage(`sem-alt-${uid()}.png`),
      libraryImage(`com-alt-${uid()}.png`, "Fachada lateral"),
      libraryImage(`par-sem-alt-${uid()}.png`),
    ]);
    const withoutWords = {
      title: "",
      before: media(pairSide.id),
      beforeAlt: "",
      after: media(plain.id),
      afterAlt: "",
    };
    const saving = saveWork(
      null,
      workForm({
        photos: [
          { picture: media(plain.id), title: "", alt: "" },
          { picture: media(described.id), title: "", alt: "" },
          { picture: media(plain.id), title: "", alt: "" },
        ],
        pairs: [withoutWords, { ...withoutWords, title: "Fachada norte" }, withoutWords],
      }),
    );
    await expect(saving).rejects.toBeInstanceOf(MissingAltError);
    const error = (await saving.catch((caught: unknown) => caught)) as MissingAltError;
    expect(error.fieldErrors).toEqual({
      photos: "Fotos 1 e 3: descreva cada foto para quem não pode vê-la (texto alternativo).",
      pairs:
        "Pares 1 e 3: descreva as fotos de antes e depois (texto alternativo) ou dê um título a cada par.",
    });
    expect(error.message).toBe("Verifique os campos destacados.");

    const one = await saveWork(
      null,
      workForm({
        photos: [
          { picture: media(described.id), title: "", alt: "" },
          { picture: media(plain.id), title: "", alt: "" },
        ],
      }),
    ).catch((caught: unknown) => caught);
    expect(one).toBeInstanceOf(MissingAltError);
    expect((one as MissingAltError).fieldErrors).toEqual({
      photos: "Foto 2: descreva a foto para quem não pode vê-la (texto alternativo).",
    });
    expect((one as MissingAltError).message).toBe(
      "Foto 2: descreva a foto para quem não pode vê-la (texto alternativo).",
    );
    expect((await listWorksForAdmin({ search: "", page: 1 })).all).toBe(before);
  });

  it("a demo work keeps its shipped illustrations when saved from the admin", async () => {
    const db = await database();
    const demo = await db
      .selectFrom("works")
      .select("id")
      .where("cover_path", "is not", null)
      .orderBy("position")
      .executeTakeFirst();
    const demoWithPhotos =
      demo ??
      (await db
        .selectFrom("work_photos")
        .select("work_id as id")
        .where("path", "is not", null)
        .executeTakeFirstOrThrow());
    const work = await getWorkForEdit(demoWithPhotos.id);
    if (!work) throw new Error("demo work missing");
    const pathPhotos = work.photos.filter((photo) => photo.picture.ref.startsWith("/illustrations/"));
    expect(pathPhotos.length).toBeGreaterThan(0);
    const form = workForm({
      title: work.title,
      slug: work.slug,
      published: work.published,
      description: work.description,
      cover: work.cover ? { kind: "path", path: work.cover.ref } : null,
      coverAlt: work.coverAlt,
      photos: work.photos.map((photo) => ({
        picture: { kind: "path" as const, path: photo.picture.ref },
        title: photo.title,
        alt: photo.alt,
      })),
      pairs: [],
    });
    await saveWork(work.id, form);
    const again = await getWorkForEdit(work.id);
    expect(again?.photos.map((photo) => [photo.picture.ref, photo.picture.width, photo.title])).toEqual(
      work.photos.map((photo) => [photo.picture.ref, photo.picture.width, photo.title]),
    );
  });

  it("publishing, order and deletion: the list and /obras's tags follow", async () => {
    const { id } = await saveWork(null, workForm({ title: `Ordem ${uid()}` }));
    const db = await database();
    const slug = (await getWorkForEdit(id))?.slug ?? "";
    // A draft saved again announces nothing public.
    expect(await tagsAfter(() => saveWork(id, workForm({ title: `Rascunho ${uid()}`, slug })))).toEqual([]);

    expect(await tagsAfter(() => setWorkPublished(id, true))).toEqual([`work:${slug}`, "works"].sort());
    const firstPublished = (
      await db.selectFrom("works").select("published_at").where("id", "=", id).executeTakeFirst()
    )?.published_at;
    expect(firstPublished).toBeTruthy();
    // Already published: nothing written, nothing announced.
    expect(await tagsAfter(() => setWorkPublished(id, true))).toEqual([]);
    await setWorkPublished(id, false);
    await setWorkPublished(id, true);
    const row = await db
      .selectFrom("works")
      .select(["published", "published_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    expect(Boolean(row?.published)).toBe(true);
    // The date of first publication is kept.
    expect(row?.published_at).toBe(firstPublished);

    const order = async () => (await listWorksForAdmin({ search: "", page: 1 })).items.map((item) => item.id);
    const start = await order();
    expect(start[0]).toBe(id);
    expect(await moveWork(id, "down")).toBe(true);
    const moved = await order();
    expect(moved.slice(0, 2)).toEqual([start[1], id]);
    expect(await moveWork(id, "up")).toBe(true);
    expect(await order()).toEqual(start);
    // The first one up changes nothing and is no error; an unknown one is.
    expect(await moveWork(id, "up")).toBe(true);
    expect(await moveWork(randomUUID(), "up")).toBe(false);
    expect(await setWorkPublished(randomUUID(), true)).toBe(false);

    expect(await deleteWork(id)).toMatchObject({ title: expect.stringMatching(/^Rascunho /) });
    expect(await getWorkForEdit(id)).toBeNull();
    expect(await counts(id)).toEqual({ photos: 0, pairs: 0 });
    expect(await deleteWork(id)).toBeNull();
  });

  it("searches titles without accents or capitals, 50 a page", async () => {
    const marker = uid();
    await saveWork(null, workForm({ title: `Condomínio Ávila ${marker}` }));
    const found = await listWorksForAdmin({ search: `condominio AVILA ${marker}`, page: 1 });
    expect(found.items.map((item) => item.title)).toEqual([`Condomínio Ávila ${marker}`]);
    expect(found.total).toBe(1);
    // An index counts all works, so "Subir"/"Descer" know the real place.
    expect(found.items[0]?.index).toBe(0);

    const paging = `Paginada ${uid()}`;
    for (let n = 0; n < WORKS_ADMIN_PAGE_SIZE + 2; n++)
      await saveWork(null, workForm({ title: `${paging} ${n}` }));
    const page1 = await listWorksForAdmin({ search: paging, page: 1 });
    const page2 = await listWorksForAdmin({ search: paging, page: 2 });
    expect([page1.items.length, page2.items.length, page1.pageCount, page1.total]).toEqual([
      WORKS_ADMIN_PAGE_SIZE,
      2,
      2,
      WORKS_ADMIN_PAGE_SIZE + 2,
    ]);
    // A page past the end shows the last one.
    expect((await listWorksForAdmin({ search: paging, page: 99 })).page).toBe(2);
  });

  it("at scale, searches and pages in the database: page 3 of 120 found works, accents and case ignored", async () => {
    const marker = uid();
    const saved = 120;
    // A new work goes first: the last one saved is the first of the list.
    for (let n = 0; n < saved; n++)
      await saveWork(null, workForm({ title: `Restauração Ávila ${marker} nº ${n}` }));
    await saveWork(null, workForm({ title: `Outra obra ${marker}` }));

    const page3 = await listWorksForAdmin({ search: `  RESTAURACAO avila ${marker} `, page: 3 });
    expect([page3.page, page3.pageCount, page3.total]).toEqual([3, 3, saved]);
    const expected = Array.from(
      { length: saved - 2 * WORKS_ADMIN_PAGE_SIZE },
      (_, k) => saved - 1 - 2 * WORKS_ADMIN_PAGE_SIZE - k,
    );
    expect(page3.items.map((item) => item.title)).toEqual(
      expected.map((n) => `Restauração Ávila ${marker} nº ${n}`),
    );
    // Numbered by their place among all works ("Outra obra" is first), not among those found.
    expect(page3.items.map((item) => item.index)).toEqual(
      expected.map((_, k) => 1 + 2 * WORKS_ADMIN_PAGE_SIZE + k),
    );

    // The demo works written by the migration are found the same way.
    expect(
      (await listWorksForAdmin({ search: "bosque do JUVEVE", page: 1 })).items.map((item) => item.title),
    ).toEqual(["Residencial Bosque do Juvevê"]);
    // LIKE's wildcards typed in the search are taken literally.
    expect((await listWorksForAdmin({ search: `%${marker}_`, page: 1 })).total).toBe(0);

    // Without a search: every work, pages of 50, numbered from the page's offset.
    const all = page3.all;
    const lastPage = Math.ceil(all / WORKS_ADMIN_PAGE_SIZE);
    const last = await listWorksForAdmin({ search: "", page: lastPage });
    expect([last.total, last.pageCount]).toEqual([all, lastPage]);
    expect(last.items.at(-1)?.index).toBe(all - 1);
    expect(last.items[0]?.index).toBe((lastPage - 1) * WORKS_ADMIN_PAGE_SIZE);
    const second = await listWorksForAdmin({ search: "", page: 2 });
    expect(second.items[0]?.title).toBe(`Restauração Ávila ${marker} nº ${saved - WORKS_ADMIN_PAGE_SIZE}`);
  });

  it("a library image used by a work, even a draft, lists 'Obra: …' once per work and cannot be deleted", async () => {
    const image = await libraryImage(`em-uso-${uid()}.png`, "Foto usada");
    const pairOnly = await libraryImage(`par-${uid()}.png`, "Só no par");
    const title = `Obra que usa a imagem ${uid()}`;
    const { id } = await saveWork(
      null,
      workForm({
        title,
        cover: media(image.id),
        coverAlt: "Capa",
        photos: [{ picture: media(image.id), title: "", alt: "" }],
        pairs: [
          { title: "Par", before: media(image.id), beforeAlt: "", after: media(pairOnly.id), afterAlt: "" },
        ],
      }),
    );
    expect(await findMediaUsages([image.id, pairOnly.id])).toEqual(
      [
        { mediaId: image.id, place: `Obra: ${title}`, href: `/admin/obras/${id}` },
        { mediaId: pairOnly.id, place: `Obra: ${title}`, href: `/admin/obras/${id}` },
      ].sort((x, y) => x.mediaId.localeCompare(y.mediaId)),
    );
    expect(await deleteMedia(pairOnly.id)).toMatchObject({ ok: false, status: 409 });
    await deleteWork(id);
    expect(await findMediaUsages([image.id])).toEqual([]);
    expect(await deleteMedia(image.id)).toMatchObject({ ok: true });
  });
});

describe("the work form", () => {
  const long = "a".repeat(10_000);

  it("accepts a complete form and reads its groups in order", () => {
    const photo = randomUUID();
    const form = new FormData();
    for (const [name, value] of Object.entries(formValues({ services: "Pintura\n\n Rejunte \n" }))) {
      if (typeof value === "string") form.set(name, value);
    }
    for (const [picture, title] of [
      [photo, "Um"],
      ["/illustrations/obra-01.svg", "Dois"],
    ]) {
      form.append("photo", picture as string);
      form.append("photoTitle", title as string);
      form.append("photoAlt", `Alt ${title}`);
    }
    const values = readWorkFormValues(form);
    expect(values?.photos.map((p) => p.title)).toEqual(["Um", "Dois"]);
    const parsed = validateWorkForm(values as WorkFormValues);
    expect(parsed.ok && parsed.data.services).toEqual(["Pintura", "Rejunte"]);
    expect(parsed.ok && parsed.data.photos.map((p) => p.picture)).toEqual([
      { kind: "media", id: photo },
      { kind: "path", path: "/illustrations/obra-01.svg" },
    ]);
    expect(parsed.ok && parsed.data.published).toBe(true);

    // A photo sent with two titles: the groups do not line up and nothing is guessed.
    form.append("photoTitle", "Sobrando");
    expect(readWorkFormValues(form)).toBeNull();
  });

  it.each([
    ["title", formValues({ title: long }), "title", "O título pode ter no máximo 120 caracteres."],
    ["empty title", formValues({ title: "  " }), "title", "Informe o título da obra."],
    ["slug", formValues({ slug: long }), "slug", "O endereço pode ter no máximo 80 caracteres."],
    [
      "slug with accents",
      formValues({ slug: "edifício" }),
      "slug",
      "Use apenas letras minúsculas sem acento, números e hífens (ex.: edificio-aurora).",
    ],
    [
      "neighbourhood",
      formValues({ neighbourhood: long }),
      "neighbourhood",
      "O bairro pode ter no máximo 80 caracteres.",
    ],
    ["city", formValues({ city: long }), "city", "A cidade pode ter no máximo 80 caracteres."],
    ["empty city", formValues({ city: "" }), "city", "Informe a cidade."],
    ["period", formValues({ period: long }), "period", "O período pode ter no máximo 60 caracteres."],
    [
      "building type",
      formValues({ buildingType: long }),
      "buildingType",
      "O tipo de edificação pode ter no máximo 60 caracteres.",
    ],
    ["services", formValues({ services: long }), "services", "A lista de serviços está grande demais."],
    [
      "one long service",
      formValues({ services: "a".repeat(121) }),
      "services",
      "Cada serviço pode ter no máximo 120 caracteres.",
    ],
    [
      "description",
      formValues({ description: long }),
      "description",
      "A descrição pode ter no máximo 5000 caracteres.",
    ],
    ["cover", formValues({ cover: long }), "cover", "Escolha uma imagem da biblioteca ou envie uma nova."],
    [
      "cover without alt",
      formValues({ cover: randomUUID() }),
      "coverAlt",
      "Descreva a capa para quem não pode vê-la (texto alternativo).",
    ],
    [
      "cover alt",
      formValues({ cover: randomUUID(), coverAlt: long }),
      "coverAlt",
      "O texto alternativo pode ter no máximo 300 caracteres.",
    ],
    [
      "photo title",
      formValues({
        photos: [
          { picture: randomUUID(), title: "ok", alt: "ok" },
          { picture: randomUUID(), title: long, alt: "" },
        ],
      }),
      "photos",
      "Foto 2: O título da foto pode ter no máximo 120 caracteres.",
    ],
    [
      "photo picture",
      formValues({ photos: [{ picture: "javascript:alert(1)", title: "", alt: "x" }] }),
      "photos",
      "Foto 1: Escolha uma imagem da biblioteca ou envie uma nova.",
    ],
    [
      "pair without after",
      formValues({ pairs: [{ title: "", before: randomUUID(), beforeAlt: "", after: "", afterAlt: "" }] }),
      "pairs",
      "Par 1: Escolha a foto de depois.",
    ],
    [
      "pair alt",
      formValues({
        pairs: [{ title: "", before: randomUUID(), beforeAlt: long, after: randomUUID(), afterAlt: "" }],
      }),
      "pairs",
      "Par 1: O texto alternativo pode ter no máximo 300 caracteres.",
    ],
  ] as const)("refuses a bad %s with its pt-BR message", (_label, values, field, message) => {
    const parsed = validateWorkForm(values);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fieldErrors[field]).toBe(message);
  });

  it("reads ids only when they are ids", () => {
    const id = randomUUID();
    expect(workIdFromParam(id)).toBe(id);
    expect(workIdFromParam("nao-e-um-id")).toBeNull();
    expect(workIdFromParam(undefined)).toBeNull();
  });
});
