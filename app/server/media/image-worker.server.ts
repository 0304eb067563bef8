import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ImageRejectedError, type ProcessedImage } from "./image-processing.server";
import type { ImageTask, ImageTaskResult } from "./image-worker-process.server";

// Images are decoded and re-encoded in a process of their own. Encoding a phone photo's AVIF
// variants takes about 120 MB for a second or two (libaom at 1600 px), and in the server that
// peak came on top of everything else, and left the heap and malloc's arenas larger after it.
// The image process takes the peak and gives all of it back when it exits; the server never
// loads sharp or libvips at all; and a decoder that crashes on a crafted file takes the image
// process down, not the site (docs/decisions/0056-images-in-a-process-of-their-own.md).

/** The image process exits after this long without work; the next image starts another. */
const IDLE_EXIT_MS = 10_000;

/** The image process ended while it worked on an image (a crash, or the system killed it). */
export class ImageProcessFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageProcessFailedError";
  }
}

/**
 * Where the image process's entry is: beside the built server bundle (the build's second entry,
 * plain JavaScript), or from the sources when the server runs from them (`npm run dev`, tests).
 */
function workerEntry(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(dir, "image-worker-process.js");
  if (existsSync(built)) return built;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("the project's root (package.json) was not found");
    dir = parent;
  }
  return path.join(dir, "app/server/media/image-worker-process.server.ts");
}

interface Pending {
  resolve: (result: ImageTaskResult) => void;
  reject: (error: Error) => void;
}

let child: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function imageProcess(): ChildProcess {
  if (child) return child;
  const started = fork(workerEntry(), [], {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // A young generation of 2 MB, as the server's: images are bytes outside the heap.
    execArgv: ["--max-semi-space-size=2"],
  });
  started.on("message", (result: ImageTaskResult) => {
    const waiting = pending.get(result.id);
    pending.delete(result.id);
    waiting?.resolve(result);
  });
  started.once("exit", (code, signal) => {
    // A process let go when idle had nothing pending; what waits now is its successor's.
    if (child !== started) return;
    child = undefined;
    const failure = new ImageProcessFailedError(
      `the image process ended (${signal ?? `code ${code}`}) while working on an image`,
    );
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(failure);
    }
  });
  child = started;
  return started;
}

/** Nothing waits: let the process go when it stays idle, and never hold the site open for it. */
function idle(worker: ChildProcess): void {
  worker.unref();
  worker.channel?.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (child === worker) letIdleImageProcessGo();
  }, IDLE_EXIT_MS);
  idleTimer.unref();
}

/**
 * What the idle timer does: the process is let go and forgotten at once, so an image that arrives
 * while it is still exiting starts a new one instead of writing to a closed channel.
 */
export function letIdleImageProcessGo(): void {
  const worker = child;
  if (!worker || pending.size > 0) return;
  child = undefined;
  worker.disconnect();
}

// One image at a time: a 12 MP photo decodes to 36 MB and its AVIF encodes keep both cores
// busy for a couple of seconds; three at once would only triple the memory.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

function run(task: ImageTask["task"], bytes: Uint8Array): Promise<ImageTaskResult> {
  return oneAtATime(async () => {
    clearTimeout(idleTimer);
    const worker = imageProcess();
    worker.ref();
    worker.channel?.ref();
    const id = nextId++;
    try {
      return await new Promise<ImageTaskResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.send({ id, task, bytes } satisfies ImageTask, (error) => {
          if (!error) return;
          pending.delete(id);
          reject(new ImageProcessFailedError(`the image process could not be reached: ${error.message}`));
        });
      });
    } finally {
      if (child === worker) idle(worker);
    }
  });
}

function failed(result: Extract<ImageTaskResult, { ok: false }>): Error {
  return result.rejection
    ? new ImageRejectedError(result.rejection.reason, result.rejection.message)
    : new Error(result.message);
}

/**
 * Decode, verify and re-encode an image in the image process (see encodeImage). Throws
 * ImageRejectedError for bytes that are no image the site accepts, ImageProcessFailedError when
 * the process ended before answering.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const result = await run("encode", bytes);
  if (!result.ok) throw failed(result);
  if (!("image" in result)) throw new Error("the image process answered another task");
  return result.image;
}

/** A stored variant as a link preview (see renderSocialImage), made in the image process. */
export async function socialImageFrom(bytes: Uint8Array): Promise<Uint8Array> {
  const result = await run("social", bytes);
  if (!result.ok) throw failed(result);
  if (!("bytes" in result)) throw new Error("the image process answered another task");
  return result.bytes;
}

/** The image process's id while it runs (tests, and the bench's memory report), else null. */
export function imageProcessPid(): number | null {
  return child?.pid ?? null;
}
