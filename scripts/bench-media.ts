// The media library at scale for `npm run bench`: 10,000 images in the library (rows only: the
// grid's HTML never reads an image's bytes, and the benchmark does not load thumbnails), then
// the admin's /admin/midia measured page by page as the signed-in owner sees it: the server's
// own time per request (from its access log), the time the client waited, and the HTML's size
// as sent (compressed as the browser asked) and decoded.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { Kysely } from "kysely";
import { newSessionToken, sessionSigningKey } from "../app/server/accounts/session-token.server.ts";
import type { Database } from "../app/server/db/schema.ts";
import { mediaSearchText } from "../app/server/media/media-search.server.ts";
import { readLogEnd } from "../harness/bench-server.ts";
import { percentile, sortedLatencies } from "./bench-load.ts";

export const BENCH_MEDIA_ROWS = 10_000;
const BATCH = 500;
const WARMUP_REQUESTS = 5;
const MEASURED_REQUESTS = 30;

const subjects = [
  "fachada",
  "telhado",
  "garagem",
  "piscina",
  "hall de entrada",
  "caixa d'água",
  "laje",
  "escada",
];
const buildings = ["Edifício Aurora", "Residencial Araucária", "Condomínio Jardim Botânico", "Torre Batel"];

/** Insert `count` library rows with realistic names and alt texts; returns the time it took. */
export async function seedBenchMedia(db: Kysely<Database>, count: number): Promise<{ insertMs: number }> {
  const started = performance.now();
  const base = Date.parse("2023-01-01T00:00:00Z");
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = [];
    for (let n = offset; n < Math.min(count, offset + BATCH); n++) {
      const subject = subjects[n % subjects.length] ?? "fachada";
      const building = buildings[Math.floor(n / subjects.length) % buildings.length] ?? "Edifício Aurora";
      const name = `IMG_${String(20230101 + n).padStart(8, "0")}_${n}.jpg`;
      // Every third image still has no alt text, as in a real library.
      const alt =
        n % 3 === 0 ? "" : `${subject[0]?.toUpperCase()}${subject.slice(1)} do ${building}, obra ${n}`;
      rows.push({
        id: randomUUID(),
        hash: randomBytes(16).toString("hex"),
        width: 1600,
        height: 1200,
        source: "upload" as const,
        uploaded_by: null,
        created_at: new Date(base + n * 60_000).toISOString(),
        name,
        alt,
        formats: "avif webp",
        search_text: mediaSearchText(name, alt),
      });
    }
    await db.insertInto("media").values(rows).execute();
  }
  return { insertMs: performance.now() - started };
}

/** A signed-in owner for the measurement: a user and a session row; returns the Cookie header. */
export async function benchAdminCookie(db: Kysely<Database>, publicUrl: string | undefined): Promise<string> {
  const now = Date.now();
  const userId = randomUUID();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: `bench-${userId}@exemplo.com.br`,
      password_hash: "not-used",
      name: "Benchmark",
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .execute();
  // A session cookie as the server issues it: signed with the site's key (session-token.server.ts).
  const token = newSessionToken(await sessionSigningKey(db));
  await db
    .insertInto("sessions")
    .values({
      id_hash: createHash("sha256").update(token).digest("hex"),
      user_id: userId,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + 86_400_000).toISOString(),
      absolute_expires_at: new Date(now + 86_400_000).toISOString(),
      flash: null,
    })
    .execute();
  const name = (publicUrl ?? "").startsWith("https:") ? "__Host-sid" : "sid";
  return `${name}=${token}`;
}

export interface MediaLibraryRow {
  case: string;
  path: string;
  requests: number;
  /** The server's time per request, from its access log. */
  serverP50Ms: number | null;
  serverP95Ms: number | null;
  /** What the client waited, request to last byte. */
  clientP50Ms: number | null;
  htmlBytes: number;
  sentBytes: number;
  images: number;
}

export interface Fetched {
  status: number;
  wireBytes: number;
  html: string;
  ms: number;
}

/** GET with the browser's headers, counting the bytes on the wire before decoding. */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<Fetched> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", async () => {
          const raw = Buffer.concat(chunks);
          const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
          const encoding = response.headers["content-encoding"];
          const body =
            encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            wireBytes: raw.length,
            html: body.toString("utf8"),
            ms: performance.now() - started,
          });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The server's `ms` for each request id, from the end of its JSON access log: the requests were
 * the last ones made (a case's few dozen lines are far within its last 16 MB).
 */
export function serverTimes(logFile: string, ids: Set<string>): number[] {
  const times: number[] = [];
  for (const line of readLogEnd(logFile, 16 * 1024 * 1024).split("\n")) {
    if (!line.includes('"request"')) continue;
    try {
      const entry = JSON.parse(line) as { requestId?: string; ms?: number };
      if (entry.requestId && ids.has(entry.requestId) && typeof entry.ms === "number") times.push(entry.ms);
    } catch {}
  }
  return times;
}

/** /admin/midia's first page, a page deep in the library, and a search, one request at a time. */
export async function measureMediaLibrary(
  baseUrl: string,
  cookie: string,
  logFile: string,
  browserHeaders: Record<string, string>,
): Promise<MediaLibraryRow[]> {
  const cases = [
    { case: "/admin/midia", path: "/admin/midia" },
    { case: "/admin/midia página 150", path: "/admin/midia?pagina=150" },
    {
      case: "/admin/midia busca",
      path: `/admin/midia?busca=${encodeURIComponent("telhado do edificio aurora")}`,
    },
  ];
  const rows: MediaLibraryRow[] = [];
  for (const item of cases) {
    const url = new URL(item.path, baseUrl).href;
    const ids = new Set<string>();
    const client: number[] = [];
    let last: Fetched | undefined;
    for (let i = 0; i < WARMUP_REQUESTS + MEASURED_REQUESTS; i++) {
      const requestId = `bench-midia-${randomUUID()}`;
      const fetched = await fetchRaw(url, { ...browserHeaders, cookie, "x-request-id": requestId });
      if (fetched.status !== 200) throw new Error(`${item.path}: HTTP ${fetched.status}`);
      if (i >= WARMUP_REQUESTS) {
        ids.add(requestId);
        client.push(fetched.ms);
      }
      last = fetched;
    }
    // The access log is written as answers finish; give the last line a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const server = sortedLatencies(serverTimes(logFile, ids));
    const clientSorted = sortedLatencies(client);
    rows.push({
      ...item,
      requests: MEASURED_REQUESTS,
      serverP50Ms: percentile(server, 0.5),
      serverP95Ms: percentile(server, 0.95),
      clientP50Ms: percentile(clientSorted, 0.5),
      htmlBytes: Buffer.byteLength(last?.html ?? ""),
      sentBytes: last?.wireBytes ?? 0,
      images: (last?.html.match(/<li class="relative flex flex-col/g) ?? []).length,
    });
  }
  return rows;
}
