import { randomUUID } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mediaSrcSet, parseMediaUrl } from "~/lib/media-url";
import { handleImageGeneration } from "~/route-support/image-generation-endpoint.server";
import { action as generateImageAction } from "~/routes/admin-api-generate-image";
import { action as uploadAction } from "~/routes/admin-api-upload";
import { loader as mediaFileLoader } from "~/routes/media-file";
import { FOREIGN_ORIGIN_MESSAGE, UNAUTHORIZED_MESSAGE } from "~/server/accounts/cross-site.server";
import { createSession } from "~/server/accounts/sessions.server";
import { GENERATE_MESSAGES } from "~/server/ai/image-generation.server";
import { AI_MESSAGES } from "~/server/ai/runware.server";
import { database, startDatabase, stopDatabase } from "~/server/db/database.server";
import { UPLOAD_MESSAGES } from "~/server/media/media-messages.server";
import { storeImage } from "~/server/media/media-store.server";
import { configureWith, resetConfiguration } from "../support/configuration";
import {
  FAKE_RUNWARE_ERROR_MESSAGE,
  type FakeRunware,
  type FakeRunwareMode,
  startFakeRunware,
} from "../support/fake-runware";
import { testEngines } from "../support/test-database";

const SITE = "http://localhost";
const MB = 1024 * 1024;

// Route modules are plain functions; React Router's own arguments are not needed by these.
type RouteArgs<A extends (args: never) => unknown> = Parameters<A>[0];
const context = {} as RouteArgs<typeof uploadAction>["context"];

function upload(request: Request) {
  return uploadAction({ request, params: {}, context } as RouteArgs<typeof uploadAction>);
}
function generate(request: Request) {
  return generateImageAction({ request, params: {}, context } as RouteArgs<typeof generateImageAction>);
}
function serveMedia(hash: string, file: string, headers?: HeadersInit) {
  const request = new Request(`${SITE}/media/${hash}/${file}`, { headers });
  return mediaFileLoader({ request, params: { hash, file }, context } as RouteArgs<typeof mediaFileLoader>);
}
async function serveMediaUrl(url: string, headers?: HeadersInit) {
  const [, , hash = "", file = ""] = url.split("/");
  return serveMedia(hash, file, headers);
}

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
}

function multipart(file: Blob, fileName: string, field = "file"): FormData {
  const form = new FormData();
  form.set(field, file, fileName);
  return form;
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A server standing for something on the site's own network (a metadata service, an admin
 * panel): it answers every request with a real picture and counts the requests it gets.
 */
async function startInternalServer() {
  const picture = await solid(640, 480).png().toBuffer();
  let hits = 0;
  const server = createHttpServer((_request, response) => {
    hits++;
    response.writeHead(200, { "Content-Type": "image/png" }).end(picture);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/latest/meta-data/picture.png`,
    hits: () => hits,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A body with no known length, sent in 64 KB chunks as a browser's chunked upload would be. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe.each(testEngines())("media on $name", (engine) => {
  let userId: string;
  let cookie: string;
  let fake: FakeRunware;

  function adminRequest(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
    return new Request(`${SITE}${path}`, {
      method: "POST",
      ...init,
      headers: { Origin: SITE, Cookie: cookie, ...init.headers },
    });
  }

  beforeAll(async () => {
    await startDatabase(engine.env);
    const db = await database();
    userId = randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values({
        id: userId,
        email: `admin-${userId}@example.com`,
        password_hash: "not-used-in-these-tests",
        name: "Admin",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const setCookie = await createSession(new Request(SITE), userId);
    cookie = setCookie.split(";")[0] ?? "";
    fake = await startFakeRunware();
  });
  afterEach(() => {
    resetConfiguration();
    fake.setMode("ok");
  });
  afterAll(async () => {
    await fake.stop();
    await stopDatabase();
    await engine.drop();
  });

  describe("storage and serving", () => {
    it("stores the variants and serves each with immutable caching", async () => {
      const png = await solid(1300, 650).png().toBuffer();
      const stored = await storeImage(png, { source: "upload", uploadedBy: userId, name: "fachada.png" });
      expect(stored).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: expect.stringMatching(/^\/media\/[a-f0-9]{32}\/1300x650\.webp$/),
        width: 1300,
        height: 650,
        name: "fachada.png",
        alt: "",
      });
      const parts = parseMediaUrl(stored.url);
      if (!parts) throw new Error("not a media URL");

      const db = await database();
      const files = await db
        .selectFrom("media as m")
        .innerJoin("media_files as f", "f.media_id", "m.id")
        .select(["f.width", "f.height", "f.byte_length", "f.content_type", "m.source", "m.uploaded_by"])
        .where("m.hash", "=", parts.hash)
        .where("f.content_type", "=", "image/webp")
        .orderBy("f.width")
        .execute();
      expect(files.map((f) => [f.width, f.height])).toEqual([
        [400, 200],
        [720, 360],
        [800, 400],
        [1000, 500],
        [1200, 600],
        [1300, 650],
      ]);
      expect(files.every((f) => f.source === "upload")).toBe(true);
      // The same widths in AVIF, served under <w>.avif.
      const avif = await db
        .selectFrom("media as m")
        .innerJoin("media_files as f", "f.media_id", "m.id")
        .select(["f.width", "f.height"])
        .where("m.hash", "=", parts.hash)
        .where("f.content_type", "=", "image/avif")
        .orderBy("f.width")
        .execute();
      expect(avif.map((f) => [f.width, f.height])).toEqual(files.map((f) => [f.width, f.height]));
      const avifResponse = await serveMedia(parts.hash, "800.avif");
      expect(avifResponse.status).toBe(200);
      expect(avifResponse.headers.get("content-type")).toBe("image/avif");
      expect(avifResponse.headers.get("etag")).not.toBe(
        (await serveMedia(parts.hash, "800.webp")).headers.get("etag"),
      );
      const avifMeta = await sharp(new Uint8Array(await avifResponse.arrayBuffer())).metadata();
      expect([avifMeta.format, avifMeta.width, avifMeta.height]).toEqual(["heif", 800, 400]);
      expect(files[0]?.uploaded_by).toBe(userId);

      const response = await serveMediaUrl(stored.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const etag = response.headers.get("etag");
      expect(etag).toMatch(/^".+"$/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(bytes.byteLength).toBe(files.at(-1)?.byte_length);
      const served = await sharp(bytes).metadata();
      expect([served.format, served.width, served.height]).toEqual(["webp", 1300, 650]);

      // Every srcset entry resolves to a variant of that width.
      for (const entry of mediaSrcSet(stored.url).split(", ")) {
        const [url = "", descriptor = ""] = entry.split(" ");
        const variant = await serveMediaUrl(url);
        expect(variant.status, url).toBe(200);
        const meta = await sharp(new Uint8Array(await variant.arrayBuffer())).metadata();
        expect(`${meta.width}w`).toBe(descriptor);
      }

      const revalidated = await serveMediaUrl(stored.url, { "If-None-Match": etag ?? "" });
      expect(revalidated.status).toBe(304);
    });

    it("answers a standard width an older image lacks with its next wider variant, and no other width", async () => {
      const stored = await storeImage(await solid(1100, 550).png().toBuffer(), {
        source: "upload",
        uploadedBy: userId,
        name: "antiga.png",
      });
      const hash = parseMediaUrl(stored.url)?.hash ?? "";
      // An image stored before 720 and 1000 were standard widths has only 400, 800 and its own.
      const db = await database();
      const media = await db
        .selectFrom("media")
        .select("id")
        .where("hash", "=", hash)
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom("media_files")
        .where("media_id", "=", media.id)
        .where("width", "in", [720, 1000])
        .execute();

      const served = async (file: string) => {
        const response = await serveMedia(hash, file);
        if (response.status !== 200) return response.status;
        const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
        return [response.headers.get("content-type"), meta.width];
      };
      expect(await served("720.avif")).toEqual(["image/avif", 800]);
      expect(await served("720.webp")).toEqual(["image/webp", 800]);
      expect(await served("1000.webp")).toEqual(["image/webp", 1100]);
      // Only the standard widths stand in for each other; an exact size must exist.
      expect(await served("801.webp")).toBe(404);
      expect(await served("1200.webp")).toBe(404);
      expect(await served("720x360.webp")).toBe(404);
      for (const entry of mediaSrcSet(stored.url).split(", ")) {
        const [url = ""] = entry.split(" ");
        expect((await serveMediaUrl(url)).status, url).toBe(200);
      }
    });

    it("makes an image's link preview (1200 × 630 JPEG, transparency on white) once, on its first request", async () => {
      // A transparent square: the preview crops it to 1200 × 630 and fills the transparency.
      const png = await sharp({
        create: { width: 900, height: 900, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer();
      const stored = await storeImage(png, { source: "upload", uploadedBy: userId, name: "logo.png" });
      const hash = parseMediaUrl(stored.url)?.hash ?? "";
      const db = await database();
      const jpegRows = () =>
        db
          .selectFrom("media as m")
          .innerJoin("media_files as f", "f.media_id", "m.id")
          .select(["f.width", "f.height"])
          .where("m.hash", "=", hash)
          .where("f.content_type", "=", "image/jpeg")
          .execute();
      expect(await jpegRows()).toEqual([]);

      const first = await serveMedia(hash, "1200x630.jpg");
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("image/jpeg");
      expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await first.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
      const { dominant } = await sharp(bytes).stats();
      expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(240);
      expect(await jpegRows()).toEqual([{ width: 1200, height: 630 }]);

      // Stored: the next request gets the same bytes, and no second row.
      const second = new Uint8Array(await (await serveMedia(hash, "1200x630.jpg")).arrayBuffer());
      expect(Buffer.compare(second, bytes)).toBe(0);
      expect(await jpegRows()).toHaveLength(1);
      // Only that one JPEG name exists; an unknown image has none.
      expect((await serveMedia(hash, "800x420.jpg")).status).toBe(404);
      expect((await serveMedia("0".repeat(32), "1200x630.jpg")).status).toBe(404);
    });

    it("stores the same picture once", async () => {
      const png = await solid(500, 500).png().toBuffer();
      const first = await storeImage(png, { source: "upload", uploadedBy: userId, name: "a.png" });
      const second = await storeImage(png, { source: "upload", uploadedBy: null, name: "outra.png" });
      expect(second).toEqual(first);
      const hash = parseMediaUrl(first.url)?.hash ?? "";
      const db = await database();
      const rows = await db.selectFrom("media").select("id").where("hash", "=", hash).execute();
      expect(rows).toHaveLength(1);

      // Two admins uploading the same new photo at the same moment: both succeed, one row.
      const another = await solid(640, 480).png().toBuffer();
      const [a, b] = await Promise.all([
        storeImage(another, { source: "upload", uploadedBy: userId, name: "b.png" }),
        storeImage(another, { source: "upload", uploadedBy: userId, name: "b.png" }),
      ]);
      expect(a).toEqual(b);
      const raced = await db
        .selectFrom("media")
        .select("id")
        .where("hash", "=", parseMediaUrl(a.url)?.hash ?? "")
        .execute();
      expect(raced).toHaveLength(1);
    });

    it("answers 404 for unknown images, other names and path traversal", async () => {
      const stored = await storeImage(await solid(820, 410).png().toBuffer(), {
        source: "upload",
        uploadedBy: userId,
        name: "c.png",
      });
      const hash = parseMediaUrl(stored.url)?.hash ?? "";
      const cases: Array<[string, string]> = [
        ["0".repeat(32), "800.webp"],
        [hash, "1200.webp"],
        [hash, "800x401.webp"],
        [hash, "800.png"],
        [hash, "800.jpeg"],
        [hash, "800x401.avif"],
        [hash, "800.webp.js"],
        [hash.toUpperCase(), "800.webp"],
        [hash.slice(0, 31), "800.webp"],
        ["..", "package.json"],
        [hash, "..%2F..%2Fpackage.json"],
        [hash, "../../package.json"],
        ["..%2F..%2F", "package.json"],
      ];
      for (const [badHash, file] of cases) {
        const response = await serveMedia(badHash, file);
        expect(response.status, `${badHash}/${file}`).toBe(404);
        expect(await response.text()).toBe("Imagem não encontrada.");
      }
      expect((await serveMedia(hash, "800.webp")).status).toBe(200);
      expect((await serveMedia(hash, "800x400.webp")).status).toBe(200);
    });
  });

  describe("upload endpoint", () => {
    it("refuses a request without a session (401) and from another site (403)", async () => {
      const form = multipart(new Blob([await solid(50, 50).png().toBuffer()]), "a.png");
      const anonymous = await upload(
        new Request(`${SITE}/admin/api/upload`, { method: "POST", body: form, headers: { Origin: SITE } }),
      );
      expect(anonymous.status).toBe(401);
      expect(await readJson(anonymous)).toEqual({ error: UNAUTHORIZED_MESSAGE });

      const foreign = await upload(
        adminRequest("/admin/api/upload", { body: form, headers: { Origin: "https://evil.example" } }),
      );
      expect(foreign.status).toBe(403);
      expect(await readJson(foreign)).toEqual({ error: FOREIGN_ORIGIN_MESSAGE });
    });

    it("stores a photo upright, without its EXIF, and answers 201 with its URL", async () => {
      const photo = await solid(1000, 600)
        .jpeg()
        .withExif({
          IFD0: { Make: "CâmeraTeste" },
          IFD3: { GPSLatitudeRef: "S", GPSLatitude: "25/1 25/1 0/1" },
        })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const response = await upload(
        adminRequest("/admin/api/upload", {
          body: multipart(new Blob([photo], { type: "image/jpeg" }), "foto.jpg"),
        }),
      );
      expect(response.status).toBe(201);
      const body = await readJson(response);
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: expect.stringMatching(/^\/media\/[a-f0-9]{32}\/600x1000\.webp$/),
        width: 600,
        height: 1000,
        name: "foto.jpg",
        alt: "",
      });

      const served = await serveMediaUrl(String(body.url));
      const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
        600,
        1000,
        undefined,
        undefined,
      ]);
    });

    it("decides by the bytes, not the declared type or name", async () => {
      const webpAsText = await upload(
        adminRequest("/admin/api/upload", {
          body: multipart(
            new Blob([await solid(420, 300).webp().toBuffer()], { type: "text/plain" }),
            "foto.txt",
          ),
        }),
      );
      expect(webpAsText.status).toBe(201);

      const textAsJpeg = await upload(
        adminRequest("/admin/api/upload", {
          body: multipart(new Blob(["não sou uma imagem\n"], { type: "image/jpeg" }), "foto.jpg"),
        }),
      );
      expect(textAsJpeg.status).toBe(415);
      expect(await readJson(textAsJpeg)).toEqual({
        error: "Por favor, selecione apenas arquivos de imagem.",
      });

      const gif = await upload(
        adminRequest("/admin/api/upload", {
          body: multipart(
            new Blob([await solid(30, 30).gif().toBuffer()], { type: "image/gif" }),
            "anim.gif",
          ),
        }),
      );
      expect(gif.status).toBe(415);
      expect(await readJson(gif)).toEqual({ error: UPLOAD_MESSAGES.notAnImage });
    });

    it("refuses files over 20MB with 413, declared or not", async () => {
      const big = new Blob([new Uint8Array(25 * MB)], { type: "image/jpeg" });
      const encoded = new Response(multipart(big, "grande.jpg"));
      const contentType = encoded.headers.get("content-type") ?? "";
      const body = new Uint8Array(await encoded.arrayBuffer());

      // Content-Length says it all: refused without reading the body.
      const declaredRequest = adminRequest("/admin/api/upload", {
        body,
        headers: { "Content-Type": contentType, "Content-Length": String(body.byteLength) },
      });
      const declared = await upload(declaredRequest);
      expect(declared.status).toBe(413);
      expect(await readJson(declared)).toEqual({ error: "A imagem deve ter no máximo 20MB." });
      expect(declaredRequest.bodyUsed).toBe(false);

      // Just over 20MB: the body fits the multipart allowance, the file does not.
      const justOver = new Blob([new Uint8Array(20 * MB + 1)], { type: "image/jpeg" });
      const parsed = await upload(
        adminRequest("/admin/api/upload", { body: multipart(justOver, "grande.jpg") }),
      );
      expect(parsed.status).toBe(413);
      expect(await readJson(parsed)).toEqual({ error: UPLOAD_MESSAGES.tooLarge });

      // Chunked, without Content-Length: cut off while reading.
      const chunked = await upload(
        adminRequest("/admin/api/upload", {
          body: streamOf(body),
          headers: { "Content-Type": contentType },
          duplex: "half",
        } as RequestInit & { headers: Record<string, string> }),
      );
      expect(chunked.status).toBe(413);
      expect(await readJson(chunked)).toEqual({ error: UPLOAD_MESSAGES.tooLarge });
    });

    it("answers 400 with a clear message for a missing file, another content type or a broken body", async () => {
      const noFile = new FormData();
      noFile.set("outro", "valor");
      const missing = await upload(adminRequest("/admin/api/upload", { body: noFile }));
      expect(missing.status).toBe(400);
      expect(await readJson(missing)).toEqual({ error: UPLOAD_MESSAGES.missingFile });

      const nothingChosen = await upload(
        adminRequest("/admin/api/upload", { body: multipart(new Blob([]), "") }),
      );
      expect(nothingChosen.status).toBe(400);

      const json = await upload(
        adminRequest("/admin/api/upload", {
          body: JSON.stringify({ file: "x" }),
          headers: { "Content-Type": "application/json" },
        }),
      );
      expect(json.status).toBe(400);
      expect(await readJson(json)).toEqual({ error: UPLOAD_MESSAGES.notMultipart });

      const complete = new Response(multipart(new Blob([await solid(60, 60).png().toBuffer()]), "a.png"));
      const contentType = complete.headers.get("content-type") ?? "";
      const bytes = new Uint8Array(await complete.arrayBuffer());
      for (const body of [
        bytes.subarray(0, Math.floor(bytes.length / 2)),
        new TextEncoder().encode("lixo"),
      ]) {
        const truncated = await upload(
          adminRequest("/admin/api/upload", { body, headers: { "Content-Type": contentType } }),
        );
        expect(truncated.status).toBe(400);
        expect(await readJson(truncated)).toEqual({ error: UPLOAD_MESSAGES.malformed });
      }

      const noBoundary = await upload(
        adminRequest("/admin/api/upload", {
          body: bytes,
          headers: { "Content-Type": "multipart/form-data" },
        }),
      );
      expect(noBoundary.status).toBe(400);
    });
  });

  describe("AI image endpoint", () => {
    function configure() {
      configureWith({ RUNWARE_API_KEY: fake.apiKey, RUNWARE_API_URL: fake.apiUrl });
    }
    function promptRequest(prompt: unknown) {
      return adminRequest("/admin/api/generate-image", {
        body: JSON.stringify({ prompt }),
        headers: { "Content-Type": "application/json" },
      });
    }

    it("generates through the provider, stores the image and answers with a /media URL that serves", async () => {
      configure();
      const prompt = "Fachada de prédio residencial recém-restaurada, fim de tarde";
      const response = await generate(promptRequest(`  ${prompt}  `));
      expect(response.status).toBe(201);
      const body = await readJson(response);
      // 1024×768 from the provider, kept at full resolution.
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: expect.stringMatching(/^\/media\/[a-f0-9]{32}\/1024x768\.webp$/),
        width: 1024,
        height: 768,
        // The prompt names the image in the library.
        name: prompt,
        alt: "",
      });

      const task = fake.tasks.at(-1);
      expect(task).toMatchObject({
        taskType: "imageInference",
        positivePrompt: prompt,
        width: 1024,
        height: 768,
        model: "runware:101@1",
        numberResults: 1,
        outputType: "base64Data",
        outputFormat: "WEBP",
      });
      expect(task?.taskUUID).toMatch(/^[0-9a-f-]{36}$/);

      const served = await serveMediaUrl(String(body.url));
      expect(served.status).toBe(200);
      expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).format).toBe("webp");

      const db = await database();
      const row = await db
        .selectFrom("media")
        .select(["source", "uploaded_by"])
        .where("hash", "=", parseMediaUrl(String(body.url))?.hash ?? "")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ source: "ai", uploaded_by: userId });
    });

    it("accepts the prompt as a form field too", async () => {
      configure();
      const form = new FormData();
      form.set("prompt", "Impermeabilização de laje");
      const response = await generate(adminRequest("/admin/api/generate-image", { body: form }));
      expect(response.status).toBe(201);
      const urlEncoded = await generate(
        adminRequest("/admin/api/generate-image", {
          body: new URLSearchParams({ prompt: "Piso de garagem" }),
        }),
      );
      expect(urlEncoded.status).toBe(201);
    });

    it("asks for a description when the prompt is empty, and refuses one that is too long", async () => {
      configure();
      const before = fake.tasks.length;
      for (const prompt of ["", "   \n ", undefined, 42]) {
        const response = await generate(promptRequest(prompt));
        expect(response.status).toBe(400);
        expect(await readJson(response)).toEqual({
          error: "Por favor, digite uma descrição para gerar a imagem.",
        });
      }
      const long = await generate(promptRequest("a".repeat(1001)));
      expect(long.status).toBe(400);
      expect(await readJson(long)).toEqual({ error: GENERATE_MESSAGES.promptTooLong });

      const broken = await generate(
        adminRequest("/admin/api/generate-image", {
          body: "{",
          headers: { "Content-Type": "application/json" },
        }),
      );
      expect(broken.status).toBe(400);
      expect(fake.tasks.length).toBe(before);
    });

    it("says so when no API key is configured (503)", async () => {
      configureWith({ RUNWARE_API_KEY: undefined });
      const response = await generate(promptRequest("Fachada"));
      expect(response.status).toBe(503);
      expect(await readJson(response)).toEqual({
        error:
          "A geração de imagens com IA não está configurada. Defina a variável RUNWARE_API_KEY no servidor.",
      });
    });

    it("passes the provider's error message on (502)", async () => {
      configure();
      fake.setMode("error");
      const refused = await generate(promptRequest("Fachada"));
      expect(refused.status).toBe(502);
      expect(await readJson(refused)).toEqual({ error: FAKE_RUNWARE_ERROR_MESSAGE });

      fake.setMode("ok");
      configureWith({ RUNWARE_API_KEY: "wrong-key" });
      const badKey = await generate(promptRequest("Fachada"));
      expect(badKey.status).toBe(502);
      expect(await readJson(badKey)).toEqual({ error: "Invalid API key." });

      // Nothing listening: our generic message.
      configure();
      configureWith({ RUNWARE_API_URL: `http://127.0.0.1:${await closedPort()}/v1` });
      const unreachable = await generate(promptRequest("Fachada"));
      expect(unreachable.status).toBe(502);
      expect(await readJson(unreachable)).toEqual({ error: AI_MESSAGES.failed });
    });

    it("never fetches an address the provider's answer names: uses the image bytes it sent, or refuses", async () => {
      configure();
      const internal = await startInternalServer();
      const db = await database();
      const mediaCount = async () => (await db.selectFrom("media").select("id").execute()).length;
      try {
        // The picture in the answer is used; the URL next to it is ignored.
        fake.setMode("ok", { imageUrl: internal.url });
        const withBytes = await generate(promptRequest("Fachada com URL interna ao lado"));
        expect(withBytes.status).toBe(201);
        expect(await readJson(withBytes)).toMatchObject({ width: 1024, height: 768 });

        // Only a URL, or the API request redirected there: a pt-BR error, nothing stored.
        const before = await mediaCount();
        for (const mode of ["url-only", "redirect"] satisfies FakeRunwareMode[]) {
          fake.setMode(mode, { imageUrl: internal.url });
          const refused = await generate(promptRequest(`Fachada (${mode})`));
          expect(refused.status, mode).toBe(502);
          expect(await readJson(refused), mode).toEqual({ error: "Erro ao gerar imagem com IA." });
        }
        expect(await mediaCount()).toBe(before);
        expect(internal.hits()).toBe(0);
      } finally {
        await internal.stop();
      }
    });

    it("refuses an answer that is not a picture, or over 20 MB, with a pt-BR message (502) and stores nothing", async () => {
      configure();
      const db = await database();
      const mediaCount = async () => (await db.selectFrom("media").select("id").execute()).length;
      const before = await mediaCount();
      const cases: Array<[FakeRunwareMode, string]> = [
        ["not-an-image", AI_MESSAGES.notAnImage],
        [
          "garbled-base64",
          "O serviço de IA devolveu um arquivo que não é uma imagem válida. Tente novamente.",
        ],
        ["oversized", "O serviço de IA devolveu uma imagem grande demais (mais de 20 MB). Tente novamente."],
      ];
      for (const [mode, message] of cases) {
        fake.setMode(mode);
        const response = await generate(promptRequest(`Fachada (${mode})`));
        expect(response.status, mode).toBe(502);
        expect(await readJson(response), mode).toEqual({ error: message });
      }
      expect(await mediaCount()).toBe(before);
    });

    it("gives up after the time limit (504)", async () => {
      configure();
      fake.setMode("hang");
      const started = Date.now();
      const response = await handleImageGeneration(promptRequest("Fachada"), { timeoutMs: 300 });
      expect(response.status).toBe(504);
      expect(await readJson(response)).toEqual({ error: AI_MESSAGES.timeout });
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it("refuses a request without a session", async () => {
      configure();
      const response = await generate(
        new Request(`${SITE}/admin/api/generate-image`, {
          method: "POST",
          body: JSON.stringify({ prompt: "Fachada" }),
          headers: { "Content-Type": "application/json", Origin: SITE },
        }),
      );
      expect(response.status).toBe(401);
    });
  });
});
