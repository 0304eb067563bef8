import { z } from "zod";
import { postStatusSchema } from "~/lib/post-status";
import { parseReadTime } from "~/lib/read-time";
import { type FormFields, formTexts } from "../forms/read-form.server";
import { type FieldErrors, validateForm } from "../forms/validate-form.server";
import { sanitizePostHtml } from "./html-sanitizer.server";
import { checkSchedule, scheduledAtField } from "./post-schedule.server";
import { type PostSeoForm, postSeoFields } from "./post-seo-form.server";

// What a post consists of, as the post form's schema checks it, in pt-BR: the parsed form that
// posts-admin.server.ts saves, the preview shows and the audit log compares.

const MAX_CONTENT_CHARS = 400_000;

/** Text a visitor would see in sanitised HTML, to tell an empty editor from real content. */
function visibleText(html: string): string {
  return html
    .replace(/<img\b[^>]*>/gi, "imagem")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\s+/g, " ")
    .trim();
}

const imageUrl = z
  .string()
  .trim()
  .max(500, "Endereço de imagem longo demais.")
  .refine(
    (url) => url === "" || /^\/(?!\/)[\w\-./%]+$/.test(url) || /^https?:\/\/[^\s"'<>]+$/.test(url),
    "Endereço de imagem inválido.",
  )
  .transform((url) => url || null);

export const postFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Informe o título.")
    .max(200, "O título pode ter no máximo 200 caracteres."),
  categoryId: z.string().trim().min(1, "Escolha uma categoria."),
  excerpt: z
    .string()
    .trim()
    .min(1, "Escreva um resumo.")
    .max(500, "O resumo pode ter no máximo 500 caracteres."),
  content: z
    .string()
    .max(MAX_CONTENT_CHARS, "O conteúdo está grande demais.")
    .transform(sanitizePostHtml)
    .refine((html) => visibleText(html).length > 0, "Escreva o conteúdo do post."),
  readTime: z.unknown().transform(parseReadTime),
  status: postStatusSchema.catch("draft"),
  featured: z.unknown().transform((value) => value === "on" || value === "true" || value === true),
  featuredImageUrl: imageUrl,
  scheduledAt: scheduledAtField,
  // SEO per post (post-seo-form.server.ts).
  ...postSeoFields,
});

/** A post to save; callers without the SEO fields (scripts, tests) leave them as they are. */
export type PostForm = Omit<z.infer<typeof postFormSchema>, keyof PostSeoForm> & Partial<PostSeoForm>;
export type PostFormErrors = FieldErrors<keyof PostForm>;

const postFormFields = Object.keys(postFormSchema.shape) as Array<keyof PostForm>;

/** The fields, and what depends on several of them (a scheduled post's time). */
const checkedPostFormSchema = postFormSchema.superRefine(checkSchedule);

export function parsePostForm(form: FormFields) {
  return validateForm(checkedPostFormSchema, formTexts(form, postFormFields));
}
