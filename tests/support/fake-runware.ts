import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

// A stand-in for Runware's HTTP API on 127.0.0.1: the same request and answer shapes, so the
// real client code runs against it. It renders a real picture in the format asked for and
// answers it as the task's `outputType` says: base64 text (`imageBase64Data`), a data URI
// (`imageDataURI`) or a URL it serves itself (`imageURL`), as Runware's image CDN would.
// Other modes play a provider that misbehaves.

export type FakeRunwareMode =
  /** The picture, as the task asked. */
  | "ok"
  /** HTTP 400 with `{ errors }`. */
  | "error"
  /** Never answers (for timeouts). */
  | "hang"
  /** Only an `imageURL` (to `imageUrl`, else its own copy), whatever output was asked for. */
  | "url-only"
  /** A 307 redirect of the API request to `imageUrl`. */
  | "redirect"
  /** The output asked for, holding bytes that are not a picture (an HTML page). */
  | "not-an-image"
  /** `imageBase64Data` with text that is not base64, whatever output was asked for. */
  | "garbled-base64"
  /** The output asked for, holding a file one byte over 20 MB. */
  | "oversized";

export interface FakeRunwareModeOptions {
  /** The message of "error" answers. */
  errorMessage?: string;
  /** An `imageURL` to put in every answer (next to the output asked for), and the target of "redirect". */
  imageUrl?: string;
}

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
  setMode: (mode: FakeRunwareMode, options?: FakeRunwareModeOptions) => void;
  /** Every task received, in order. */
  tasks: FakeRunwareTask[];
  stop: () => Promise<void>;
}

export const FAKE_RUNWARE_ERROR_MESSAGE = "Prompt rejected by the content filter.";
/** One byte over the client's limit. */
export const FAKE_RUNWARE_OVERSIZED_BYTES = 20 * 1024 * 1024 + 1;

const MIME_TYPES: Record<string, string> = { PNG: "image/png", JPG: "image/jpeg", WEBP: "image/webp" };

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/**
 * A real picture of the requested size and format (Runware's outputFormat: PNG, JPG or WEBP,
 * JPG by default); its colours follow the prompt, so prompts give distinct images.
 */
async function renderImage(task: FakeRunwareTask): Promise<{ bytes: Buffer; format: string }> {
  const [r = 0, g = 0, b = 0] = createHash("sha256").update(task.positivePrompt).digest();
  const { width, height } = task;
  const stripe = await sharp({
    create: { width: Math.round(width / 3), height, channels: 3, background: { r: b, g: r, b: g } },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).composite([
    { input: stripe, left: 0, top: 0 },
  ]);
  const format = String(task.outputFormat ?? "JPG").toUpperCase();
  if (format === "PNG") return { bytes: await image.png().toBuffer(), format };
  if (format === "WEBP") return { bytes: await image.webp().toBuffer(), format };
  return { bytes: await image.jpeg().toBuffer(), format: "JPG" };
}

export async function startFakeRunware({ apiKey = "fake-runware-key" } = {}): Promise<FakeRunware> {
  let mode: FakeRunwareMode = "ok";
  let options: FakeRunwareModeOptions = {};
  const tasks: FakeRunwareTask[] = [];
  const images = new Map<string, { bytes: Buffer; type: string }>();

  /** One task's entry in `data`: the file in the output the task asked for. */
  function answer(task: FakeRunwareTask, file: { bytes: Buffer; format: string }, port: number) {
    const imageUUID = randomUUID();
    const type = MIME_TYPES[file.format] ?? "application/octet-stream";
    const result: Record<string, unknown> = { taskType: task.taskType, taskUUID: task.taskUUID, imageUUID };
    if (mode === "garbled-base64") {
      result.imageBase64Data = "<html>isto não é base64</html>";
    } else if (mode === "url-only" || (task.outputType ?? "URL") === "URL") {
      const name = `${imageUUID}.${file.format.toLowerCase()}`;
      images.set(name, { bytes: file.bytes, type });
      result.imageURL = `http://127.0.0.1:${port}/images/${name}`;
    } else if (task.outputType === "dataURI") {
      result.imageDataURI = `data:${type};base64,${file.bytes.toString("base64")}`;
    } else {
      result.imageBase64Data = file.bytes.toString("base64");
    }
    if (options.imageUrl) result.imageURL = options.imageUrl;
    return result;
  }

  async function fileFor(task: FakeRunwareTask): Promise<{ bytes: Buffer; format: string }> {
    if (mode === "not-an-image") {
      return { bytes: Buffer.from("<!doctype html><title>Não é imagem</title>"), format: "PNG" };
    }
    if (mode === "oversized")
      return { bytes: Buffer.alloc(FAKE_RUNWARE_OVERSIZED_BYTES, 0x42), format: "PNG" };
    return renderImage(task);
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const image = url.pathname.startsWith("/images/") ? images.get(url.pathname.slice(8)) : undefined;
      if (request.method === "GET" && image) {
        response.writeHead(200, { "Content-Type": image.type, "Content-Length": image.bytes.byteLength });
        response.end(image.bytes);
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
        const message = options.errorMessage ?? FAKE_RUNWARE_ERROR_MESSAGE;
        sendJson(response, 400, { errors: [{ code: "contentModeration", message }] });
        return;
      }
      if (mode === "redirect") {
        response.writeHead(307, { Location: options.imageUrl ?? "/v1" }).end();
        return;
      }
      const { port } = server.address() as AddressInfo;
      const data = await Promise.all(body.map(async (task) => answer(task, await fileFor(task), port)));
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
    setMode: (next, nextOptions = {}) => {
      mode = next;
      options = nextOptions;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hung requests would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
