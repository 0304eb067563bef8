// The work the benchmark and Lighthouse measure: one published work with 12 photos as a phone
// takes them (4000 × 3000 JPEG), generated here and put in the media library through the
// server's real upload endpoint (EXIF handling, re-encoding to AVIF and WebP at every width),
// with the first photo as its cover and a before/after pair. It goes first on /obras.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "../app/server/db/schema.ts";
import { benchAdminCookie } from "./bench-media.ts";

export const BENCH_WORK_SLUG = "condominio-edificio-referencia-12-fotos";
export const BENCH_WORK_PATH = `/obras/${BENCH_WORK_SLUG}`;
export const BENCH_WORK_TITLE = "Condomínio Edifício Referência";
const PHOTOS = 12;
const WIDTH = 4000;
const HEIGHT = 3000;

/**
 * The same pseudo-random bytes for the same seed (mulberry32): every run measures the same
 * photos, so a change in the LCP image's bytes or the page's LCP comes from the code, not from
 * the dice (the cover's size decides in which network round trip it ends).
 */
function seededBytes(seed: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let index = 0; index < length; index++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    bytes[index] = ((mixed ^ (mixed >>> 14)) >>> 0) & 0xff;
  }
  return bytes;
}

/**
 * A photo-like picture (the n-th of the work, always the same): smooth fields of colour (sky, walls), a mid-frequency texture (tiles,
 * plaster) and a little sensor noise, so the JPEG and its AVIF/WebP variants weigh what a
 * real photo's do (a flat colour would compress to nothing; pure noise would never compress).
 */
async function phonePhoto(n: number): Promise<Buffer> {
  const fields = await sharp(seededBytes(3 * n + 1, 8 * 6 * 3), { raw: { width: 8, height: 6, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const texture = await sharp(seededBytes(3 * n + 2, 500 * 375), {
    raw: { width: 500, height: 375, channels: 1 },
  })
    .resize(WIDTH, HEIGHT, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const noise = seededBytes(3 * n + 3, WIDTH * HEIGHT);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) {
    const detail = ((texture[pixel] ?? 128) - 128) * 0.35 + ((noise[pixel] ?? 128) - 128) * 0.06;
    for (let channel = 0; channel < 3; channel++) {
      const index = pixel * 3 + channel;
      pixels[index] = Math.max(0, Math.min(255, (fields[index] ?? 0) + detail));
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(baseUrl: string, cookie: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  const response = await fetch(new URL("/admin/api/upload", baseUrl), {
    method: "POST",
    headers: { Cookie: cookie, Origin: new URL(baseUrl).origin },
    body: form,
  });
  const body = (await response.json()) as { id?: string; error?: string };
  if (response.status !== 201 || !body.id) {
    throw new Error(`envio de ${name}: HTTP ${response.status} ${body.error ?? ""}`);
  }
  return body.id;
}

export interface BenchWork {
  path: string;
  /** The JPEGs' total size, as the phone saved them. */
  jpegBytes: number;
  uploadMs: number;
}

/**
 * Generate the photos, upload them to the running server at `baseUrl` and write the work.
 * `publicUrl` is the site's PUBLIC_URL when a proxy is in front of it (the cookie's name follows it).
 */
export async function seedBenchWork(
  db: Kysely<Database>,
  baseUrl: string,
  publicUrl = baseUrl,
): Promise<BenchWork> {
  const cookie = await benchAdminCookie(db, publicUrl);
  const ids: string[] = [];
  let jpegBytes = 0;
  let uploadMs = 0;
  for (let index = 0; index < PHOTOS; index++) {
    const bytes = await phonePhoto(index);
    jpegBytes += bytes.length;
    const started = performance.now();
    ids.push(await upload(baseUrl, cookie, `obra-referencia-${index + 1}.jpg`, bytes));
    uploadMs += performance.now() - started;
  }
  const now = new Date().toISOString();
  const workId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("works")
      .values({
        id: workId,
        slug: BENCH_WORK_SLUG,
        title: BENCH_WORK_TITLE,
        search_text: BENCH_WORK_TITLE.toLowerCase(),
        neighbourhood: "Batel",
        city: "Curitiba",
        period: "mar. a jun. 2024",
        building_type: "Residencial",
        services: JSON.stringify(["Restauração de fachada", "Rejuntamento", "Pintura externa"]),
        description:
          "Restauração completa da fachada em pastilhas, com teste de percussão e reassentamento das peças soltas.\n\n" +
          "Rejuntamento total, lavagem com hidrojateamento e pintura das áreas externas, com o prédio ocupado.",
        in_progress: false,
        published: true,
        position: -1,
        cover_media_id: ids[0] ?? null,
        cover_path: null,
        cover_width: null,
        cover_height: null,
        cover_alt: "Fachada do Condomínio Edifício Referência depois da restauração",
        created_at: now,
        updated_at: now,
        published_at: now,
      })
      .execute();
    await trx
      .insertInto("work_photos")
      .values(
        ids.map((mediaId, index) => ({
          id: randomUUID(),
          work_id: workId,
          position: index,
          title: `Etapa ${index + 1} da obra`,
          alt: `Fachada do edifício na etapa ${index + 1} da restauração`,
          media_id: mediaId,
          path: null,
          width: null,
          height: null,
        })),
      )
      .execute();
    await trx
      .insertInto("work_pairs")
      .values({
        id: randomUUID(),
        work_id: workId,
        position: 0,
        title: "Fachada principal",
        before_media_id: ids[1] ?? null,
        before_path: null,
        before_width: null,
        before_height: null,
        before_alt: "Fachada principal antes, com pastilhas soltas",
        after_media_id: ids[0] ?? null,
        after_path: null,
        after_width: null,
        after_height: null,
        after_alt: "Fachada principal depois da restauração",
      })
      .execute();
  });
  return { path: BENCH_WORK_PATH, jpegBytes, uploadMs };
}
