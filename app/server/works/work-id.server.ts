import { z } from "zod";

// Work ids are UUIDs (the demo works' too); anything else in an address names no work and never
// reaches a query.
const workIdSchema = z.uuid();

/** The work id in an admin address or form, or null when it cannot name a work. */
export function workIdFromParam(value: string | undefined): string | null {
  const parsed = workIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Said when the work an admin action names is gone (deleted meanwhile, or a stale link). */
export const WORK_GONE_MESSAGE = "Obra não encontrada; ela pode ter sido removida.";
