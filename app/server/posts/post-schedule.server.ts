import { z } from "zod";
import type { PostStatus } from "~/lib/post-status";
import { saoPauloLocalToUtc } from "~/lib/site-time";

// The post form's publication time: typed in São Paulo time in a `datetime-local` field,
// stored as a UTC ISO string, required and in the future when the status is 'scheduled'.

export const SCHEDULE_INVALID_MESSAGE = "Data e hora inválidas. Use o formato dd/mm/aaaa hh:mm.";
export const SCHEDULE_MISSING_MESSAGE = "Informe a data e a hora da publicação.";
export const SCHEDULE_PAST_MESSAGE = "Essa data e hora já passaram. Escolha um momento no futuro.";

/** The field: empty (null) or a real date and time, as a UTC ISO string. */
export const scheduledAtField = z
  .string()
  .trim()
  .max(40, SCHEDULE_INVALID_MESSAGE)
  .transform((local, ctx) => {
    if (local === "") return null;
    const instant = saoPauloLocalToUtc(local);
    if (!instant) {
      ctx.addIssue({ code: "custom", message: SCHEDULE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return instant.toISOString();
  });

/**
 * A scheduled post needs a time after now; other statuses keep no time. The issue is reported
 * on the scheduledAt field.
 */
export function checkSchedule(
  form: { status: PostStatus; scheduledAt: string | null },
  ctx: z.RefinementCtx,
  now: Date = new Date(),
): void {
  if (form.status !== "scheduled") return;
  if (form.scheduledAt === null) {
    ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: SCHEDULE_MISSING_MESSAGE });
  } else if (Date.parse(form.scheduledAt) <= now.getTime()) {
    ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: SCHEDULE_PAST_MESSAGE });
  }
}
