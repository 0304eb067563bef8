import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodeImage, ImageRejectedError } from "~/server/media/image-processing.server";
import { storeUploadedFile } from "~/server/media/image-uploads.server";
import {
  ImageProcessFailedError,
  imageProcessPid,
  letIdleImageProcessGo,
  processImage,
  socialImageFrom,
} from "~/server/media/image-worker.server";
import { UPLOAD_MESSAGES } from "~/server/media/media-messages.server";

// Images are re-encoded in a process of their own (image-worker.server.ts): the same result as
// encoding here, refusals that say why, a process that ends mid-image reported as such (and
// the next image served by a new one), and no process left once the images stop coming.

const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// Starting the process (Node reading its TypeScript, sharp loading) and encoding take seconds.
describe("the image process", { timeout: 30_000 }, () => {
  // Two full encodes (there and here) and the process's start: on a 2-core machine running the
  // other test files beside it this took more than 30 s once.
  it("re-encodes in another process, exactly as the encoder does here", { timeout: 90_000 }, async () => {
    const bytes = await photo(1300, 700);
    const there = await processImage(bytes);
    const pid = imageProcessPid();
    expect(pid).toEqual(expect.any(Number));
    expect(pid).not.toBe(process.pid);
    const here = await encodeImage(bytes);
    expect(there.hash).toBe(here.hash);
    expect(there.variants.map((v) => [v.format, v.width, v.height, v.bytes.byteLength])).toEqual(
      here.variants.map((v) => [v.format, v.width, v.height, v.bytes.byteLength]),
    );
    const preview = await socialImageFrom(there.variants.at(-1)?.bytes ?? new Uint8Array());
    expect(await sharp(preview).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("passes a refusal on with its reason", async () => {
    const error = await processImage(new TextEncoder().encode("não é uma imagem")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).reason).toBe("not-an-image");
  });

  it("reports a process that ends mid-image, and starts a new one for the next image", async () => {
    await processImage(await photo(200, 100));
    const pid = imageProcessPid();
    if (pid === null) throw new Error("no image process");
    const working = processImage(await photo(4000, 3000));
    await sleep(200);
    process.kill(pid, "SIGKILL");
    await expect(working).rejects.toBeInstanceOf(ImageProcessFailedError);
    const next = await processImage(await photo(300, 200));
    expect(next.width).toBe(300);
    expect(imageProcessPid()).not.toBe(pid);
  });

  it("an upload whose image process ends answers 503 with what to do", async () => {
    await processImage(await photo(200, 100));
    const pid = imageProcessPid();
    if (pid === null) throw new Error("no image process");
    const file = new File([new Uint8Array(await photo(4000, 3000))], "fachada.jpg", { type: "image/jpeg" });
    // The image fails before anything is written: no database is needed to see it.
    const outcome = storeUploadedFile(
      file,
      { name: "", alt: "" },
      { user: { id: "usuario-teste", email: "teste@exemplo.com.br" } },
    );
    await sleep(200);
    process.kill(pid, "SIGKILL");
    expect(await outcome).toEqual({ ok: false, status: 503, error: UPLOAD_MESSAGES.processFailed });
  });

  it("an image sent while the idle process is leaving goes to a new process", async () => {
    await processImage(await photo(200, 100));
    const leaving = imageProcessPid();
    const bytes = await photo(300, 200);
    // As the idle timer does, with the next image right behind it (the process has not exited).
    letIdleImageProcessGo();
    const processed = await processImage(bytes);
    expect(processed.width).toBe(300);
    expect(imageProcessPid()).not.toBe(leaving);
    if (leaving !== null) await expect.poll(() => isRunning(leaving), { timeout: 5_000 }).toBe(false);
  });

  it("exits once it has been idle for ten seconds", async () => {
    await processImage(await photo(200, 100));
    const pid = imageProcessPid();
    if (pid === null) throw new Error("no image process");
    await sleep(9_000);
    expect(isRunning(pid)).toBe(true);
    await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
    expect(imageProcessPid()).toBeNull();
  });
});
