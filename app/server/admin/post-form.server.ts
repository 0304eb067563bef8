import { z } from "zod";
import { postStatusSchema } from "~/lib/post-status";
import { parseReadTime } from "~/lib/read-time";
import { sanitizePostHtml } from "../html-sanitizer.server";
import { type FormFields, formTexts } from "../read-form.server";
import { type FieldErrors, validateForm } from "../validate-form.server";

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
});

export type PostForm = z.infer<typeof postFormSchema>;
export type PostFormErrors = FieldErrors<keyof PostForm>;

const postFormFields = Object.keys(postFormSchema.shape) as Array<keyof PostForm>;

export function parsePostForm(form: FormFields) {
  return validateForm(postFormSchema, formTexts(form, postFormFields));
}
