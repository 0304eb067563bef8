import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { z } from "zod";
import { type LeadStatus, leadStatusSchema } from "~/lib/lead-status";
import { REPLY_PLACEHOLDERS, type ReplyFacts, unknownPlaceholders } from "~/lib/reply-template";
import { database } from "../db/database.server";
import type { Database, ReplyChannel } from "../db/schema";
import { siteSettings } from "../settings/site-settings.server";

// The owner's reply templates (/admin/solicitacoes/modelos): a name, a subject for e-mail and a
// text with {nome}, {servico}, {empresa}, {telefone}. A handful, never paginated beyond a cap.

/** The most templates the site keeps: the editor shows them all on one page. */
export const MAX_REPLY_TEMPLATES = 50;

export interface ReplyTemplate {
  id: string;
  channel: ReplyChannel;
  name: string;
  subject: string;
  body: string;
  /** The stage it is written for; null: any stage. */
  stage: LeadStatus | null;
}

export async function listReplyTemplates(channel?: ReplyChannel): Promise<ReplyTemplate[]> {
  const db = await database();
  let query = db
    .selectFrom("reply_templates")
    .select(["id", "channel", "name", "subject", "body", "stage"])
    .orderBy("position")
    .orderBy("id")
    .limit(MAX_REPLY_TEMPLATES);
  if (channel) query = query.where("channel", "=", channel);
  return query.execute();
}

const placeholdersKnown = (text: string) => unknownPlaceholders(text).length === 0;
const placeholderMessage = (field: string) => ({
  message: `${field} tem um marcador desconhecido. Use ${REPLY_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}.`,
});

export const replyTemplateSchema = z
  .object({
    channel: z.enum(["email", "whatsapp"], { error: "Canal inválido." }),
    name: z
      .string()
      .trim()
      .min(1, "Dê um nome ao modelo.")
      .max(80, "O nome pode ter no máximo 80 caracteres."),
    subject: z
      .string()
      .trim()
      .max(150, "O assunto pode ter no máximo 150 caracteres.")
      .refine(placeholdersKnown, placeholderMessage("O assunto")),
    body: z
      .string()
      .trim()
      .min(1, "Escreva o texto do modelo.")
      .max(5000, "O texto pode ter no máximo 5.000 caracteres.")
      .refine(placeholdersKnown, placeholderMessage("O texto")),
    // The editor's "Qualquer etapa" is the empty choice.
    stage: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      leadStatusSchema.nullable(),
    ),
  })
  .superRefine((template, context) => {
    if (template.channel === "email" && !template.subject) {
      context.addIssue({ code: "custom", path: ["subject"], message: "Escreva o assunto do e-mail." });
    }
  });

export type ReplyTemplateInput = z.output<typeof replyTemplateSchema>;

/** Save a template (a new one when `id` is null); false when it no longer exists or the cap is reached. */
export async function saveReplyTemplate(
  id: string | null,
  input: ReplyTemplateInput,
  now = new Date(),
): Promise<boolean> {
  const db = await database();
  return db.transaction().execute((trx) => saveReplyTemplateIn(trx, id, input, now));
}

/** Inside the caller's transaction: save a template (`saveReplyTemplate`). */
export async function saveReplyTemplateIn(
  trx: Transaction<Database>,
  id: string | null,
  input: ReplyTemplateInput,
  now: Date,
): Promise<boolean> {
  const subject = input.channel === "email" ? input.subject : "";
  if (id) {
    const result = await trx
      .updateTable("reply_templates")
      .set({ ...input, subject, updated_at: now.toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  const { count, last } = await trx
    .selectFrom("reply_templates")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("position").as("last")])
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_REPLY_TEMPLATES) return false;
  await trx
    .insertInto("reply_templates")
    .values({
      id: randomUUID(),
      ...input,
      subject,
      position: Number(last ?? -1) + 1,
      updated_at: now.toISOString(),
    })
    .execute();
  return true;
}

export async function deleteReplyTemplate(id: string, within?: Transaction<Database>): Promise<boolean> {
  const db = within ?? (await database());
  const result = await db.deleteFrom("reply_templates").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The facts a template is filled with: the request's and the company's (its settings in force). */
export async function replyFacts(lead: { name: string; service: string }): Promise<ReplyFacts> {
  const { site } = await siteSettings();
  return { nome: lead.name.trim(), servico: lead.service, empresa: site.name, telefone: site.phoneDisplay };
}
