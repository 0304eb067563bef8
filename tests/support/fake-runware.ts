import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

// A stand-in for Runware's HTTP API on 127.0.0.1: the same request and answer shapes, so the
// real client code runs against it. It serves the "generated" picture itself, as Runware's
// image CDN would.

export type FakeRunwareMode = "ok" | "error" | "hang";

export interface FakeRunwareTask {
  taskType: string;
  taskUUID: string;
  positivePrompt: string;
  width: number;
  height: number;
  model: string;
  numberResults: number;
  outputType: string;
  outputFormat: string;
}

export interface FakeRunware {
  /** The value for RUNWARE_API_URL. */
  apiUrl: string;
  /** The only key it accepts (RUNWARE_API_KEY). */
  apiKey: string;
  /** "error" answers HTTP 400 with `{ errors }`; "hang" never answers (for timeouts). */
  setMode: (mode: FakeRunwareMode, errorMessage?: string) => void;
  /** Every task received, in order. */
  tasks: FakeRunwareTask[];
  stop: () => Promise<void>;
}

export const FAKE_RUNWARE_ERROR_MESSAGE = "Prompt rejected by the content filter.";

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** A real PNG of the requested size; its colour follows the prompt, so prompts give distinct images. */
async function renderPng(prompt: string, width: number, height: number): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = createHash("sha256").update(prompt).digest();
  const stripe = await sharp({
    create: { width: Math.round(width / 3), height, channels: 3, background: { r: b, g: r, b: g } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .composite([{ input: stripe, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

export async function startFakeRunware({ apiKey = "fake-runware-key" } = {}): Promise<FakeRunware> {
  let mode: FakeRunwareMode = "ok";
  let errorMessage = FAKE_RUNWARE_ERROR_MESSAGE;
  const tasks: FakeRunwareTask[] = [];
  const images = new Map<string, Buffer>();

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const image = url.pathname.startsWith("/images/") ? images.get(url.pathname.slice(8)) : undefined;
      if (request.method === "GET" && image) {
        response.writeHead(200, { "Content-Type": "image/png", "Content-Length": image.byteLength });
        response.end(image);
        return;
      }
      if (request.method !== "POST" || url.pathname !== "/v1") {
        sendJson(response, 404, { errors: [{ code: "notFound", message: "Not found." }] });
        return;
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        sendJson(response, 401, { errors: [{ code: "invalidApiKey", message: "Invalid API key." }] });
        return;
      }
      const body = (await readJson(request)) as FakeRunwareTask[];
      tasks.push(...body);
      if (mode === "hang") return; // Never answer; stop() closes the socket.
      if (mode === "error") {
        sendJson(response, 400, { errors: [{ code: "contentModeration", message: errorMessage }] });
        return;
      }
      const data = await Promise.all(
        body.map(async (task) => {
          const imageUUID = randomUUID();
          images.set(`${imageUUID}.png`, await renderPng(task.positivePrompt, task.width, task.height));
          const { port } = server.address() as AddressInfo;
          return {
            taskType: task.taskType,
            taskUUID: task.taskUUID,
            imageUUID,
            imageURL: `http://127.0.0.1:${port}/images/${imageUUID}.png`,
          };
        }),
      );
      sendJson(response, 200, { data });
    } catch (error) {
      sendJson(response, 500, { errors: [{ code: "internal", message: String(error) }] });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Never keep the test process alive on its own.
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    tasks,
    setMode: (next, message = FAKE_RUNWARE_ERROR_MESSAGE) => {
      mode = next;
      errorMessage = message;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hung requests would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
