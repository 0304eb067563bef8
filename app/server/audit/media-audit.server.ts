import { database } from "../db/database.server";
import type { StoredImage } from "../media/media-store.server";
import { type AuditActor, recordAudit } from "./audit-log.server";

/** An image added to the library (upload form, editor upload, AI): one entry per image. */
export async function recordMediaUpload(
  actor: AuditActor,
  images: readonly StoredImage[],
  source: "upload" | "ai" = "upload",
): Promise<void> {
  for (const image of images) {
    await recordAudit(actor, {
      action: "media.upload",
      target: { type: "media", id: image.id, label: image.name },
      details: source === "ai" ? { source } : undefined,
    });
  }
}

/** An image's name and alt text before an edit: for the entry's before/after. */
export async function mediaBeforeChange(id: string): Promise<{ name: string; alt: string } | undefined> {
  const db = await database();
  return db.selectFrom("media").select(["name", "alt"]).where("id", "=", id).executeTakeFirst();
}
