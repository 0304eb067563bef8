import type { AuditActor } from "../audit/audit-log.server";
import { auditedChange } from "../commands/audited-change.server";
import { processImage } from "./image-worker.server";
import { keepImage, type StoredImage, type StoreImageOptions } from "./media-store.server";

// An image a person adds to the library (an upload, an AI picture) and its "media.upload"
// entry commit together. The re-encoding runs before the transaction: it takes seconds, and
// no row waits on it.

export async function addToLibrary(
  actor: AuditActor,
  bytes: Uint8Array,
  options: StoreImageOptions,
): Promise<StoredImage> {
  const image = await processImage(bytes);
  return auditedChange(actor, async (trx) => {
    const stored = await keepImage(trx, image, options);
    return {
      value: stored,
      audit: {
        action: "media.upload",
        target: { type: "media", id: stored.id, label: stored.name },
        details: options.source === "ai" ? { source: "ai" } : undefined,
      },
    };
  });
}
