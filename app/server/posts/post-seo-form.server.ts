import { z } from "zod";
import { parseMediaUrl } from "~/lib/media-url";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "~/lib/post-seo-limits";

// The SEO fields of the post form (docs/decisions/0029-post-seo-and-redirects.md): spread into
// the post form's schema, saved with the post in its transaction. Empty texts mean "use the
// post's title and excerpt"; an empty social image means "use the featured image".

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => text.replace(/\s+/g, " ") || null);

/** Only an image of the media library: its address carries the size og:image announces. */
const socialImageUrl = z
  .string()
  .trim()
  .max(500, "Endereço de imagem longo demais.")
  .refine((url) => url === "" || parseMediaUrl(url) !== null, "Escolha a imagem na biblioteca de mídia.")
  .transform((url) => url || null);

export const postSeoFields = {
  metaTitle: optionalText(
    META_TITLE_MAX,
    `O título para buscadores pode ter no máximo ${META_TITLE_MAX} caracteres.`,
  ),
  metaDescription: optionalText(
    META_DESCRIPTION_MAX,
    `A descrição para buscadores pode ter no máximo ${META_DESCRIPTION_MAX} caracteres.`,
  ),
  socialImageUrl,
  noindex: z.unknown().transform((value) => value === "on" || value === "true" || value === true),
};

export interface PostSeoForm {
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
  noindex: boolean;
}

/** The columns a saved post form writes (a field left out keeps its stored value). */
export function postSeoColumns(form: Partial<PostSeoForm>) {
  return {
    ...(form.metaTitle !== undefined && { meta_title: form.metaTitle }),
    ...(form.metaDescription !== undefined && { meta_description: form.metaDescription }),
    ...(form.socialImageUrl !== undefined && { social_image_url: form.socialImageUrl }),
    ...(form.noindex !== undefined && { noindex: form.noindex }),
  };
}

/** The SEO fields of a stored post, as the form holds them. */
export function postSeoFromRow(row: {
  meta_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
  noindex: boolean | number;
}): PostSeoForm {
  return {
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    socialImageUrl: row.social_image_url,
    noindex: Boolean(row.noindex),
  };
}
