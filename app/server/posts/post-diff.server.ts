import { diffWords } from "diff";
import type { CategoryRef } from "~/lib/blog-types";
import { type PostStatus, postStatusLabels } from "~/lib/post-status";
import { formatListDateTime } from "~/lib/site-time";
import type { PostRevisionsTable } from "../db/schema";
import type { REVISION_FIELDS } from "./post-revisions.server";

// What changed between two versions of a post, as the editor shows it: a word diff of the
// texts a reader reads (title, excerpt, the content's text without its markup) and a line per
// other field that differs. Computed on the server; the page renders <ins>/<del>.

/** A piece of a text diff: kept, added in the newer version, or removed from the older one. */
export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

export interface TextDiff {
  label: string;
  changed: boolean;
  parts: DiffPart[];
}

export interface FieldChange {
  label: string;
  from: string;
  to: string;
}

export interface PostDiff {
  texts: TextDiff[];
  fields: FieldChange[];
}

/** The fields of a post version that a comparison looks at (a revision, or the form's values). */
export interface ComparablePost {
  title: string;
  excerpt: string;
  content: string;
  categoryName: string;
  status: PostStatus;
  featured: boolean;
  readTime: number;
  scheduledAt: string | null;
  featuredImageUrl: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
  noindex: boolean;
}

/** The stored fields of a post or of a revision (same column names), as a comparison reads them. */
export type ComparableRow = Pick<
  PostRevisionsTable,
  Exclude<(typeof REVISION_FIELDS)[number], "featured" | "noindex">
> & { featured: boolean | number; noindex: boolean | number };

export function comparableRevision(
  revision: ComparableRow,
  categories: Pick<CategoryRef, "id" | "name">[],
): ComparablePost {
  return {
    title: revision.title,
    excerpt: revision.excerpt,
    content: revision.content,
    categoryName: categoryName(categories, revision.category_id),
    status: revision.status,
    featured: Boolean(revision.featured),
    readTime: revision.read_time,
    scheduledAt: revision.scheduled_at,
    featuredImageUrl: revision.featured_image_url,
    metaTitle: revision.meta_title,
    metaDescription: revision.meta_description,
    socialImageUrl: revision.social_image_url,
    noindex: Boolean(revision.noindex),
  };
}

export function categoryName(categories: Pick<CategoryRef, "id" | "name">[], id: string): string {
  return categories.find((category) => category.id === id)?.name ?? "(categoria removida)";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The text of post HTML as a reader reads it: one line per block, no markup. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre)\b[^>]*>/gi, "\n")
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, "[imagem: $1]")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*/g, "\n")
    .trim();
}

// A long unchanged stretch is shortened to its ends: the changes are what the page is for.
const KEEP_AROUND = 160;

function shorten(text: string): string {
  if (text.length <= KEEP_AROUND * 2 + 20) return text;
  return `${text.slice(0, KEEP_AROUND)} […] ${text.slice(-KEEP_AROUND)}`;
}

// A word diff is quadratic in the worst case: past this, the two texts are shown whole, one
// removed and one added, instead of holding the request.
const DIFF_TIMEOUT_MS = 500;

export function diffText(label: string, from: string, to: string): TextDiff {
  if (from === to) return { label, changed: false, parts: [{ kind: "same", text: shorten(from) }] };
  const changes = diffWords(from, to, { timeout: DIFF_TIMEOUT_MS });
  const parts: DiffPart[] = changes
    ? changes.map((change) => {
        if (change.added) return { kind: "added", text: change.value };
        if (change.removed) return { kind: "removed", text: change.value };
        return { kind: "same", text: shorten(change.value) };
      })
    : [
        { kind: "removed", text: from },
        { kind: "added", text: to },
      ];
  return { label, changed: true, parts };
}

const yesNo = (value: boolean) => (value ? "Sim" : "Não");
const orNone = (value: string | null) => value || "(vazio)";

/** What differs from `from` (older, or saved) to `to` (newer, or being typed). */
export function diffPosts(from: ComparablePost, to: ComparablePost): PostDiff {
  const texts = [
    diffText("Título", from.title, to.title),
    diffText("Resumo", from.excerpt, to.excerpt),
    diffText("Conteúdo", htmlToText(from.content), htmlToText(to.content)),
  ];
  const candidates: FieldChange[] = [
    { label: "Categoria", from: from.categoryName, to: to.categoryName },
    { label: "Status", from: postStatusLabels[from.status], to: postStatusLabels[to.status] },
    { label: "Post em Destaque", from: yesNo(from.featured), to: yesNo(to.featured) },
    { label: "Tempo de Leitura (min)", from: String(from.readTime), to: String(to.readTime) },
    {
      label: "Publicação agendada",
      from: from.scheduledAt ? formatListDateTime(from.scheduledAt) : "(nenhuma)",
      to: to.scheduledAt ? formatListDateTime(to.scheduledAt) : "(nenhuma)",
    },
    { label: "Imagem de destaque", from: orNone(from.featuredImageUrl), to: orNone(to.featuredImageUrl) },
    { label: "Título para buscadores", from: orNone(from.metaTitle), to: orNone(to.metaTitle) },
    {
      label: "Descrição para buscadores",
      from: orNone(from.metaDescription),
      to: orNone(to.metaDescription),
    },
    { label: "Imagem para redes sociais", from: orNone(from.socialImageUrl), to: orNone(to.socialImageUrl) },
    { label: "Ocultar dos buscadores", from: yesNo(from.noindex), to: yesNo(to.noindex) },
  ];
  return { texts, fields: candidates.filter((field) => field.from !== field.to) };
}
