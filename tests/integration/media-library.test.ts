import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaImage } from "~/components/ui/media-image";
import { mediaFormatSrcSet, parseMediaUrl } from "~/lib/media-url";
import { loader as mediaApiLoader } from "~/routes/admin-api-midia";
import { action as uploadAction } from "~/routes/admin-api-upload";
import { action as libraryAction, loader as libraryLoader } from "~/routes/admin-midia";
import { action as imageAction, loader as imageLoader } from "~/routes/admin-midia-imagem";
import { loader as articleLoader } from "~/routes/blog-post";
import { loader as mediaFileLoader } from "~/routes/media-file";
import { UNAUTHORIZED_MESSAGE } from "~/server/accounts/cross-site.server";
import { createSession } from "~/server/accounts/sessions.server";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { type ContentChangeFeed, watchContentChanges } from "~/server/db/content-changes.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { migrationProvider } from "~/server/db/migrations/index.server";
import { listMedia, mediaItemsById } from "~/server/media/media-library.server";
import { UPLOAD_MESSAGES } from "~/server/media/media-messages.server";
import { storeImage } from "~/server/media/media-store.server";
import { findMediaUsages } from "~/server/media/media-usage.server";
import { insertCategory, insertPost } from "../support/db";
import { METADATA_NEEDLES, phonePhoto, pixelBomb, solidImage as solid } from "../support/photo-fixtures";
import { testEngines } from "../support/test-database";

// The media library on both engines: photos as a phone takes them (rotated by EXIF, with GPS),
// the bad input every upload path refuses, the library's search, editing, where an image is
// used and deletion, what the blog shows of a library image, the render cache's tag for an alt
// text change, and a database upgraded from before the library.

const SITE = "http://localhost";
const MB = 1024 * 1024;
const uid = () => randomUUID().slice(0, 8);

type Args<F extends (args: never) => unknown> = Parameters<F>[0];
const context = {} as Args<typeof uploadAction>["context"];
const call = <F extends (args: never) => unknown>(
  route: F,
  request: Request,
  params: Record<string, string> = {},
) => route({ request, params, context } as Args<F>);

interface Answer {
  status: number;
  body: unknown;
  location?: string;
  headers?: Headers;
}

/** What a route answered: a Response (returned or thrown, e.g. a redirect) or React Router's data(). */
async function answer(run: () => unknown): Promise<Answer> {
  try {
    const result = await run();
    if (result instanceof Response) {
      const text = await result.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: result.status, body, headers: result.headers };
    }
    if (result && typeof result === "object" && "data" in result && "init" in result) {
      const init = (result as { init?: ResponseInit | null }).init;
      return {
        status: init?.status ?? 200,
        body: (result as { data: unknown }).data,
        headers: new Headers(init?.headers),
      };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, body: null, location: thrown.headers.get("location") ?? undefined };
    }
    throw thrown;
  }
}

function file(bytes: Uint8Array | Buffer, name: string, type = "image/jpeg"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe.each(testEngines())("media library on $name", (engine) => {
  let userId: string;
  let cookie: string;
  let feed: ContentChangeFeed;
  const announced: string[] = [];

  function adminRequest(path: string, init: RequestInit = {}) {
    return new Request(`${SITE}${path}`, {
      method: "POST",
      ...init,
      headers: { Origin: SITE, Cookie: cookie, ...(init.headers as Record<string, string> | undefined) },
    });
  }
  function adminGet(path: string) {
    return new Request(`${SITE}${path}`, { headers: { Cookie: cookie } });
  }
  function uploadForm(fields: Record<string, string | File>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  }
  const upload = (fields: Record<string, string | File>) =>
    answer(() => call(uploadAction, adminRequest("/admin/api/upload", { body: uploadForm(fields) })));
  const uploadBatch = (files: File[]) => {
    const form = new FormData();
    form.set("intent", "upload");
    for (const item of files) form.append("files", item);
    return answer(() => call(libraryAction, adminRequest("/admin/midia", { body: form })));
  };
  const editImage = (id: string, fields: Record<string, string>) =>
    answer(() =>
      call(imageAction, adminRequest(`/admin/midia/${id}`, { body: new URLSearchParams(fields) }), { id }),
    );
  async function serve(url: string) {
    const [, , hash = "", name = ""] = url.split("/");
    return call(mediaFileLoader, new Request(`${SITE}${url}`), { hash, file: name }) as Promise<Response>;
  }
  async function mediaCount(): Promise<number> {
    const db = await database();
    const row = await db
      .selectFrom("media")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  async function flash(): Promise<unknown> {
    const db = await database();
    const row = await db
      .selectFrom("sessions")
      .select("flash")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    await db.updateTable("sessions").set({ flash: null }).where("user_id", "=", userId).execute();
    return row.flash ? JSON.parse(row.flash) : null;
  }
  async function stored(name: string, width = 640, height = 480) {
    // A colour of its own: the same pixels would be the same image.
    const color = `#${randomUUID().replaceAll("-", "").slice(0, 6)}`;
    return storeImage(await solid(width, height, color).png().toBuffer(), {
      source: "upload",
      uploadedBy: userId,
      name,
    });
  }

  beforeAll(async () => {
    const handle = await startDatabase(engine.env);
    const db = await database();
    userId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        id: userId,
        email: `midia-${userId}@example.com`,
        password_hash: "not-used-in-these-tests",
        name: "Admin",
        created_at: now,
        updated_at: now,
      })
      .execute();
    cookie = (await createSession(new Request(SITE), userId)).split(";")[0] ?? "";
    feed = await watchContentChanges(handle, (change) => {
      announced.push(...(change === "everything" ? ["*"] : change.tags));
    });
  });
  afterAll(async () => {
    await feed.stop();
    await stopDatabase();
    await engine.drop();
  });

  describe("a photo as a phone takes it", () => {
    it("is served upright, as AVIF and WebP at every width, with no EXIF, GPS or camera data in any byte", async () => {
      const photo = await phonePhoto();
      // The fixture carries what must go.
      const meta = await sharp(photo).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([1200, 800, 6]);
      expect(meta.exif?.includes(Buffer.from([0x25, 0x88])), "GPS IFD pointer").toBe(true);
      for (const needle of ["Exif\0\0", "CameraDoCelular"]) expect(photo.includes(needle), needle).toBe(true);

      const response = await upload({ file: file(photo, "IMG_20240510_101500.jpg") });
      expect(response.status).toBe(201);
      const body = response.body as { url: string; width: number; height: number; name: string; id: string };
      // 1200 × 800 on the sensor, 800 × 1200 upright.
      expect(body).toMatchObject({ width: 800, height: 1200, name: "IMG_20240510_101500.jpg", alt: "" });
      const parts = parseMediaUrl(body.url);
      if (!parts) throw new Error(`not a media URL: ${body.url}`);

      for (const format of ["avif", "webp"] as const) {
        for (const entry of mediaFormatSrcSet(parts, format).split(", ")) {
          const [url = "", descriptor = ""] = entry.split(" ");
          const served = await serve(url);
          expect(served.status, url).toBe(200);
          expect(served.headers.get("content-type"), url).toBe(`image/${format}`);
          const bytes = Buffer.from(await served.arrayBuffer());
          for (const needle of METADATA_NEEDLES)
            expect(bytes.includes(needle), `${url} has ${needle}`).toBe(false);
          const after = await sharp(bytes).metadata();
          expect(after.format, url).toBe(format === "avif" ? "heif" : "webp");
          expect(after.width, url).toBe(Number(descriptor.replace("w", "")));
          expect(after.height, url).toBe(after.width * 1.5);
          expect([after.exif, after.xmp, after.icc, after.orientation], url).toEqual([
            undefined,
            undefined,
            undefined,
            undefined,
          ]);
          // Upright: the band that ran along the sensor's top now runs down the right side.
          const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
          const at = (x: number, y: number) => [
            ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
          ];
          const [rightR = 0, , rightB = 0] = at(info.width - 3, Math.floor(info.height / 2));
          const [leftR = 0, , leftB = 0] = at(3, Math.floor(info.height / 2));
          expect(rightB - rightR, `${url} right edge is blue`).toBeGreaterThan(120);
          expect(leftR - leftB, `${url} left edge is orange`).toBeGreaterThan(80);
        }
      }
    });
  });

  describe("bad input", () => {
    it("is refused with a pt-BR message and a 4xx on the upload endpoint and the library's form, storing nothing", async () => {
      const photo = await phonePhoto();
      const cases: Array<[string, File, Record<string, string>, number, string]> = [
        [
          "a text file named .jpg",
          file(Buffer.from("não sou uma imagem\n".repeat(50)), "foto.jpg"),
          {},
          415,
          UPLOAD_MESSAGES.notAnImage,
        ],
        [
          "a PDF named .png",
          file(Buffer.from("%PDF-1.4\n%%EOF\n"), "foto.png", "image/png"),
          {},
          415,
          UPLOAD_MESSAGES.notAnImage,
        ],
        [
          "a 25 MB file",
          file(new Uint8Array(25 * MB), "enorme.jpg"),
          {},
          413,
          "A imagem deve ter no máximo 20MB.",
        ],
        [
          "a 30 000 × 30 000 PNG",
          file(await pixelBomb(), "bomba.png", "image/png"),
          {},
          413,
          UPLOAD_MESSAGES.tooManyPixels,
        ],
        [
          "a truncated JPEG",
          file(photo.subarray(0, Math.floor(photo.length * 0.6)), "cortada.jpg"),
          {},
          415,
          UPLOAD_MESSAGES.notAnImage,
        ],
        [
          "a 10 000-character name",
          file(photo, "ok.jpg"),
          { name: "n".repeat(10_000) },
          400,
          "O nome pode ter no máximo 200 caracteres.",
        ],
        [
          "a 10 000-character alt text",
          file(photo, "ok.jpg"),
          { alt: "a".repeat(10_000) },
          400,
          "O texto alternativo pode ter no máximo 500 caracteres.",
        ],
      ];
      const before = await mediaCount();
      for (const [label, item, fields, status, message] of cases) {
        const response = await upload({ file: item, ...fields });
        expect(response.status, label).toBe(status);
        expect(response.body, label).toEqual({ error: message });
      }
      expect(await mediaCount()).toBe(before);

      // The same files through the form that works without JavaScript (the text fields have
      // no place there): each refused, nothing stored.
      for (const [label, item, fields, status, message] of cases) {
        if (Object.keys(fields).length) continue;
        const response = await uploadBatch([item]);
        expect(response.status, label).toBe(status);
        expect(response.body, label).toEqual({ error: `${item.name}: ${message}` });
      }
      const empty = await uploadBatch([]);
      expect([empty.status, empty.body]).toEqual([400, { error: UPLOAD_MESSAGES.missingFile }]);
      const tooMany = await uploadBatch(Array.from({ length: 11 }, (_, i) => file(photo, `foto-${i}.jpg`)));
      expect([tooMany.status, tooMany.body]).toEqual([
        413,
        { error: "Envie no máximo 10 imagens ou 50MB de uma vez." },
      ]);
      expect(await mediaCount()).toBe(before);
    });

    it("refuses a 10 000-character name or alt text, an empty name and a NUL byte when editing, changing nothing", async () => {
      const image = await stored(`Editar ${uid()}`);
      const cases: Array<[Record<string, string>, number, string]> = [
        [
          { intent: "update", name: "n".repeat(10_000), alt: "" },
          400,
          "O nome pode ter no máximo 200 caracteres.",
        ],
        [
          { intent: "update", name: "Nome", alt: "a".repeat(10_000) },
          400,
          "O texto alternativo pode ter no máximo 500 caracteres.",
        ],
        [{ intent: "update", name: "   ", alt: "x" }, 400, "Informe o nome da imagem."],
        [{ intent: "update", name: "Nome\0", alt: "x" }, 400, "Não foi possível ler o formulário."],
        [{ intent: "apagar-tudo" }, 400, "Ação desconhecida."],
      ];
      for (const [fields, status, message] of cases) {
        const response = await editImage(image.id, fields);
        expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(status);
        expect((response.body as { error: string }).error).toBe(message);
      }
      const db = await database();
      const row = await db
        .selectFrom("media")
        .select(["name", "alt"])
        .where("id", "=", image.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: image.name, alt: "" });

      const missing = await editImage(randomUUID(), { intent: "update", name: "Nome", alt: "" });
      expect(missing.status).toBe(404);
      const notAnId = await editImage("x".repeat(500), { intent: "delete" });
      expect(notAnId.status).toBe(404);
    });
  });

  describe("the library", () => {
    it("stores several files sent at once without JavaScript, named after the files, and says which failed", async () => {
      const names = [`obra-a-${uid()}.jpg`, `obra-b-${uid()}.png`, `obra-c-${uid()}.webp`];
      const files = [
        file(await solid(900, 600, "#114477").jpeg().toBuffer(), names[0] ?? ""),
        file(await solid(700, 700, "#447711").png().toBuffer(), names[1] ?? "", "image/png"),
        file(await solid(500, 900, "#771144").webp().toBuffer(), names[2] ?? "", "image/webp"),
      ];
      const response = await uploadBatch(files);
      expect([response.status, response.location]).toEqual([302, "/admin/midia"]);
      expect(await flash()).toEqual({
        title: "Imagens enviadas!",
        description: "3 imagens foram adicionadas à biblioteca.",
      });
      const db = await database();
      const rows = await db
        .selectFrom("media")
        .select(["name", "formats"])
        .where("name", "in", names)
        .execute();
      expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
      expect(rows.every((row) => row.formats === "avif webp")).toBe(true);

      const partly = await uploadBatch([
        file(await solid(300, 300, "#123456").png().toBuffer(), `boa-${uid()}.png`, "image/png"),
        file(Buffer.from("texto"), "nota.txt", "text/plain"),
      ]);
      expect(partly.status).toBe(302);
      expect(await flash()).toEqual({
        title: "Algumas imagens não foram enviadas",
        description: `1 imagem foi adicionada à biblioteca. nota.txt: ${UPLOAD_MESSAGES.notAnImage}`,
        variant: "error",
      });
    });

    it("lists a page at a time, newest first, and searches name and alt text on the server, ignoring case and accents", async () => {
      const tag = uid();
      const aurora = await stored(`fachada-${tag}.jpg`);
      await editImage(aurora.id, {
        intent: "update",
        name: `fachada-${tag}.jpg`,
        alt: `Fachada do Edifício Áurora ${tag} restaurada`,
      });
      const pool = await stored(`Piscina ${tag}`);
      const literal = await stored(`100%_${tag}`);

      const byAlt = await listMedia({ search: `aurora ${tag}`, page: 1 });
      expect(byAlt.items.map((item) => item.id)).toEqual([aurora.id]);
      expect(byAlt.items[0]).toMatchObject({
        alt: `Fachada do Edifício Áurora ${tag} restaurada`,
        avif: true,
      });
      expect((await listMedia({ search: `EDIFICIO ÁURORA ${tag}`, page: 1 })).total).toBe(1);
      expect((await listMedia({ search: `piscina ${tag}`, page: 1 })).items.map((i) => i.id)).toEqual([
        pool.id,
      ]);
      // LIKE's wildcards are searched for literally.
      expect((await listMedia({ search: `100%_${tag}`, page: 1 })).items.map((i) => i.id)).toEqual([
        literal.id,
      ]);
      expect((await listMedia({ search: `1%0_${tag}`, page: 1 })).total).toBe(0);
      expect((await listMedia({ search: `nada-${tag}`, page: 1 })).total).toBe(0);

      // Pages: newest first, a page beyond the last shows the last.
      const all = await listMedia({ search: tag, page: 1 }, 2);
      expect(all.total).toBe(3);
      expect(all.pageCount).toBe(2);
      expect(all.items.map((i) => i.id)).toEqual([literal.id, pool.id]);
      const last = await listMedia({ search: tag, page: 9 }, 2);
      expect([last.page, last.items.map((i) => i.id)]).toEqual([2, [aurora.id]]);

      // The page and the picker's endpoint read the same query string.
      const page = await answer(() =>
        call(libraryLoader, adminGet(`/admin/midia?busca=${encodeURIComponent(`áurora ${tag}`)}`)),
      );
      expect(
        (page.body as { library: { items: Array<{ id: string }> } }).library.items.map((i) => i.id),
      ).toEqual([aurora.id]);
      const api = await answer(() =>
        call(mediaApiLoader, adminGet(`/admin/api/midia?busca=piscina+${tag}&pagina=x`)),
      );
      expect(api.status).toBe(200);
      expect(api.body).toMatchObject({ total: 1, page: 1, items: [{ id: pool.id, name: `Piscina ${tag}` }] });
      // Only the columns the grid shows: never the bytes.
      expect(Object.keys((api.body as { items: object[] }).items[0] ?? {}).sort()).toEqual(
        ["alt", "avif", "createdAt", "hash", "height", "id", "name", "source", "url", "width"].sort(),
      );
      // Forms that keep images by id (works, services) show them through mediaItemsById.
      const byId = await mediaItemsById([pool.id, "não é um id", randomUUID()]);
      expect([...byId.keys()]).toEqual([pool.id]);
      expect(byId.get(pool.id)).toMatchObject({ name: `Piscina ${tag}`, url: pool.url, avif: true });
      const anonymous = await answer(() => call(mediaApiLoader, new Request(`${SITE}/admin/api/midia`)));
      expect([anonymous.status, anonymous.body]).toEqual([401, { error: UNAUTHORIZED_MESSAGE }]);
    });

    it("edits the name and alt text, and announces the alt text (not the name) to the render cache", async () => {
      const image = await stored(`renomear-${uid()}`);
      const hash = parseMediaUrl(image.url)?.hash ?? "";
      await feed.settle();
      feed.isCurrent();
      announced.length = 0;
      const renamed = await editImage(image.id, { intent: "update", name: "  Novo nome  ", alt: "" });
      expect([renamed.status, renamed.location]).toEqual([302, `/admin/midia/${image.id}`]);
      await feed.settle();
      feed.isCurrent();
      expect(announced).not.toContain(`media:${hash}`);

      const described = await editImage(image.id, {
        intent: "update",
        name: "Novo nome",
        alt: "Telhado com mantas novas",
      });
      expect(described.status).toBe(302);
      expect(await flash()).toEqual({
        title: "Imagem atualizada!",
        description: "Nome e texto alternativo foram salvos.",
      });
      await feed.settle();
      expect(feed.isCurrent()).toBe(true);
      expect(announced).toContain(`media:${hash}`);
      const db = await database();
      const row = await db
        .selectFrom("media")
        .select(["name", "alt"])
        .where("id", "=", image.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name: "Novo nome", alt: "Telhado com mantas novas" });
    });

    it("says where an image is used and refuses to delete it then (409, the posts listed); deletes an unused one with its files", async () => {
      const category = await insertCategory(await database(), `Mídia ${uid()}`, `midia-${uid()}`);
      const used = await stored(`em-uso-${uid()}`);
      const unused = await stored(`livre-${uid()}`);
      const featuredTitle = `Post com capa ${uid()}`;
      const contentTitle = `Post com imagem no texto ${uid()}`;
      const db = await database();
      await insertPost(db, {
        title: featuredTitle,
        categorySlug: category,
        status: "draft",
        featuredImageUrl: used.url,
      });
      await insertPost(db, {
        title: contentTitle,
        categorySlug: category,
        content: `<p>Antes.</p><img src="${used.url}" alt="" /><p>Depois.</p>`,
      });
      const postId = async (title: string) =>
        (await db.selectFrom("blog_posts").select("id").where("title", "=", title).executeTakeFirstOrThrow())
          .id;

      const usages = await findMediaUsages([used.id, unused.id]);
      expect(usages).toEqual(
        [
          {
            mediaId: used.id,
            place: `Post: ${featuredTitle}`,
            href: `/admin/posts/${await postId(featuredTitle)}`,
          },
          {
            mediaId: used.id,
            place: `Post: ${contentTitle}`,
            href: `/admin/posts/${await postId(contentTitle)}`,
          },
        ].sort((a, b) => a.place.localeCompare(b.place, "pt-BR")),
      );
      const detail = await answer(() =>
        call(imageLoader, adminGet(`/admin/midia/${used.id}`), { id: used.id }),
      );
      expect((detail.body as { media: { usages: unknown[] } }).media.usages).toEqual(usages);

      const refused = await editImage(used.id, { intent: "delete" });
      expect(refused.status).toBe(409);
      const { error } = refused.body as { error: string };
      expect(error).toContain(`Não é possível excluir a imagem "${used.name}": ela está em uso em`);
      expect(error).toContain(`Post: ${featuredTitle}`);
      expect(error).toContain(`Post: ${contentTitle}`);
      expect(await db.selectFrom("media").select("id").where("id", "=", used.id).execute()).toHaveLength(1);
      expect((await serve(used.url)).status).toBe(200);

      const deleted = await editImage(unused.id, { intent: "delete" });
      expect([deleted.status, deleted.location]).toEqual([302, "/admin/midia"]);
      expect(await flash()).toEqual({
        title: "Imagem excluída!",
        description: `"${unused.name}" foi removida da biblioteca.`,
      });
      expect(await db.selectFrom("media").select("id").where("id", "=", unused.id).execute()).toEqual([]);
      expect(
        await db.selectFrom("media_files").select("width").where("media_id", "=", unused.id).execute(),
      ).toEqual([]);
      expect((await serve(unused.url)).status).toBe(404);
      const again = await editImage(unused.id, { intent: "delete" });
      expect(again.status).toBe(404);
    });
  });

  describe("on the blog", () => {
    it("shows the library's alt text and an AVIF source, and tags the page with every image it shows", async () => {
      const category = await insertCategory(await database(), `Blog mídia ${uid()}`, `blog-midia-${uid()}`);
      const cover = await stored(`capa-${uid()}`, 1600, 900);
      const inline = await stored(`no-texto-${uid()}`, 800, 600);
      await editImage(cover.id, { intent: "update", name: cover.name, alt: "Fachada com andaimes" });
      await editImage(inline.id, {
        intent: "update",
        name: inline.name,
        alt: "Detalhe da junta de dilatação",
      });
      const slug = await insertPost(await database(), {
        title: `Artigo com imagens ${uid()}`,
        categorySlug: category,
        featuredImageUrl: cover.url,
        content: `<p>Texto.</p><img src="${inline.url}" alt="" />`,
      });
      const page = await answer(() => call(articleLoader, new Request(`${SITE}/blog/${slug}`), { slug }));
      const { post } = page.body as { post: { featuredImage: unknown; content: string } };
      const coverHash = parseMediaUrl(cover.url)?.hash ?? "";
      const inlineHash = parseMediaUrl(inline.url)?.hash ?? "";
      expect(post.featuredImage).toEqual({
        hash: coverHash,
        width: 1600,
        height: 900,
        alt: "Fachada com andaimes",
        avif: true,
      });
      const picture = /<picture>(<source [^>]*>)(<img [^>]*>)<\/picture>/.exec(post.content);
      expect(picture?.[1]).toBe(
        `<source type="image/avif" srcset="/media/${inlineHash}/400.avif 400w, /media/${inlineHash}/720.avif 720w, /media/${inlineHash}/800.avif 800w" sizes="(min-width: 48rem) 48rem, 100vw" />`,
      );
      expect(picture?.[2]).toContain(`src="${inline.url}"`);
      expect(picture?.[2]).toContain('alt="Detalhe da junta de dilatação"');
      expect(picture?.[2]).toContain(
        `srcset="/media/${inlineHash}/400.webp 400w, /media/${inlineHash}/720.webp 720w, /media/${inlineHash}/800.webp 800w"`,
      );
      const tags = (page.headers?.get("X-Render-Cache-Tags") ?? "").split(" ");
      expect(tags).toEqual(
        expect.arrayContaining([`media:${coverHash}`, `media:${inlineHash}`, `post:${slug}`]),
      );

      // An image stored before the site made AVIF: WebP only, no AVIF source anywhere.
      const db = await database();
      await db
        .updateTable("media")
        .set({ formats: "webp" })
        .where("id", "in", [cover.id, inline.id])
        .execute();
      await db
        .deleteFrom("media_files")
        .where("media_id", "in", [cover.id, inline.id])
        .where("content_type", "=", "image/avif")
        .execute();
      const old = await answer(() => call(articleLoader, new Request(`${SITE}/blog/${slug}`), { slug }));
      const oldPost = (old.body as { post: { featuredImage: { avif: boolean }; content: string } }).post;
      expect(oldPost.featuredImage.avif).toBe(false);
      expect(oldPost.content).not.toContain("<picture>");
      expect(oldPost.content).toContain('alt="Detalhe da junta de dilatação"');
    });

    it("MediaImage renders a <picture> with an AVIF source only for images that have AVIF variants", () => {
      const image = {
        hash: "0123456789abcdef0123456789abcdef",
        width: 1200,
        height: 800,
        alt: "",
        avif: true,
      };
      const html = renderToStaticMarkup(
        createElement(MediaImage, {
          image,
          sizes: "100vw",
          fallbackAlt: "Foto da obra",
          className: "w-full",
        }),
      );
      expect(html).toBe(
        `<picture class="contents"><source type="image/avif" srcSet="${mediaFormatSrcSet(image, "avif")}" sizes="100vw"/>` +
          `<img src="/media/${image.hash}/1200x800.webp" srcSet="${mediaFormatSrcSet(image, "webp")}" sizes="100vw" alt="Foto da obra" width="1200" height="800" loading="lazy" decoding="async" class="w-full"/></picture>`,
      );
      const webpOnly = renderToStaticMarkup(
        createElement(MediaImage, {
          image: { ...image, avif: false, alt: "Laje" },
          sizes: "50vw",
          fallbackAlt: "x",
          priority: true,
        }),
      );
      expect(webpOnly).not.toContain("<source");
      expect(webpOnly).toContain('alt="Laje"');
      expect(webpOnly).toContain('loading="eager"');
      expect(webpOnly).toContain('fetchPriority="high"');
    });
  });
});

describe.each(testEngines())("a database from before the media library, on $name", (engine) => {
  const hash = "abcdef0123456789abcdef0123456789";
  let webp: Uint8Array;
  let slug: string;

  beforeAll(async () => {
    // Migrated to 0005 only, with an image as the site stored them then (WebP variants, one
    // row per width) and a post that shows it.
    const all = await migrationProvider.getMigrations();
    const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < "0006"));
    const handle = await openDatabase(databaseConfigFromEnv(engine.env));
    try {
      await migrateToLatest(handle, { getMigrations: async () => before });
      const id = randomUUID();
      const now = new Date().toISOString();
      await handle.db
        .insertInto("media")
        .values({
          id,
          hash,
          width: 800,
          height: 600,
          source: "upload",
          uploaded_by: null,
          created_at: now,
        } as never)
        .execute();
      webp = await solid(800, 600).webp().toBuffer();
      const small = await solid(400, 300).webp().toBuffer();
      await handle.db
        .insertInto("media_files")
        .values([
          {
            media_id: id,
            width: 400,
            height: 300,
            content_type: "image/webp",
            bytes: small,
            byte_length: small.length,
          },
          {
            media_id: id,
            width: 800,
            height: 600,
            content_type: "image/webp",
            bytes: webp,
            byte_length: webp.length,
          },
        ])
        .execute();
      const categoryId = randomUUID();
      await handle.db
        .insertInto("categories")
        .values({ id: categoryId, name: "Antiga", slug: "antiga", created_at: now })
        .execute();
      slug = `post-antigo-${uid()}`;
      await handle.db
        .insertInto("blog_posts")
        .values({
          id: randomUUID(),
          title: "Post antigo",
          slug,
          excerpt: "Resumo.",
          content: `<p>Texto.</p><img src="/media/${hash}/800x600.webp" alt="" />`,
          category_id: categoryId,
          status: "published",
          featured: false,
          read_time: 3,
          author_id: null,
          published_at: now,
          featured_image_url: `/media/${hash}/800x600.webp`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } finally {
      await handle.close();
    }
    await startDatabase(engine.env);
  });
  afterAll(async () => {
    await stopDatabase();
    await engine.drop();
  });

  it("keeps serving its images, WebP only, named and listed in the library", async () => {
    const db = await database();
    const row = await db
      .selectFrom("media")
      .select(["name", "alt", "formats", "search_text"])
      .where("hash", "=", hash)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      name: "imagem-abcdef01",
      alt: "",
      formats: "webp",
      search_text: "imagem-abcdef01",
    });
    const served = await call(mediaFileLoader, new Request(`${SITE}/media/${hash}/800x600.webp`), {
      hash,
      file: "800x600.webp",
    });
    expect((served as Response).status).toBe(200);
    expect(new Uint8Array(await (served as Response).arrayBuffer())).toEqual(new Uint8Array(webp));
    const avif = (await call(mediaFileLoader, new Request(`${SITE}/media/${hash}/800.avif`), {
      hash,
      file: "800.avif",
    })) as Response;
    expect(avif.status).toBe(404);
    expect((await listMedia({ search: "imagem-abcdef", page: 1 })).items).toMatchObject([
      { hash, avif: false },
    ]);

    const page = await answer(() => call(articleLoader, new Request(`${SITE}/blog/${slug}`), { slug }));
    const { post } = page.body as { post: { featuredImage: { avif: boolean }; content: string } };
    expect(post.featuredImage).toEqual({ hash, width: 800, height: 600, alt: "", avif: false });
    expect(post.content).not.toContain("avif");
  });

  it("gets AVIF variants when the same picture is uploaded again", async () => {
    const db = await database();
    const id = (await db.selectFrom("media").select("id").where("hash", "=", hash).executeTakeFirstOrThrow())
      .id;
    // The re-encoded upload must hash the same: take its largest WebP's hash as the old row's.
    const again = await storeImage(await solid(800, 600).png().toBuffer(), {
      source: "upload",
      uploadedBy: null,
      name: "x",
    });
    const newHash = parseMediaUrl(again.url)?.hash ?? "";
    await db.deleteFrom("media").where("hash", "=", newHash).execute();
    await db.updateTable("media").set({ hash: newHash }).where("id", "=", id).execute();
    const reuploaded = await storeImage(await solid(800, 600).png().toBuffer(), {
      source: "upload",
      uploadedBy: null,
      name: "y",
    });
    expect(reuploaded).toMatchObject({ id, name: "imagem-abcdef01" });
    const row = await db.selectFrom("media").select("formats").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.formats).toBe("avif webp");
    const avif = await db
      .selectFrom("media_files")
      .select("width")
      .where("media_id", "=", id)
      .where("content_type", "=", "image/avif")
      .orderBy("width")
      .execute();
    expect(avif.map((f) => f.width)).toEqual([400, 720, 800]);
  });
});
