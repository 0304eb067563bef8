import type { ContentPicture } from "./site-content";

// The works portfolio as the public pages show it (read from the database by
// server/works/public-works.server.ts). Pure shapes and helpers, for the server and the components.

/** One photo of a work's gallery, under its title. */
export interface WorkPhoto {
  title: string;
  picture: ContentPicture;
}

/** A before/after pair. */
export interface WorkPair {
  title: string;
  before: ContentPicture;
  after: ContentPicture;
}

/** A work as the /obras accordion shows it. */
export interface WorkListItem {
  slug: string;
  title: string;
  /** The services performed, as a list (the demo works have none: their text says it). */
  services: string[];
  /** The owner's text about the work; paragraphs separated by blank lines. */
  description: string;
  inProgress: boolean;
  photos: WorkPhoto[];
}

/** Paragraphs separated by blank lines, as the owner wrote them. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** One page of /obras. */
export interface WorksListPage {
  works: WorkListItem[];
  /** 1-based. */
  page: number;
  pageCount: number;
}

/** A published work in full, for its own page. */
export interface WorkDetail extends WorkListItem {
  neighbourhood: string;
  city: string;
  period: string;
  buildingType: string;
  cover: ContentPicture | null;
  pairs: WorkPair[];
  publishedAt: string | null;
  updatedAt: string;
}

/** Works per page of /obras. */
export const WORKS_PAGE_SIZE = 20;

const PAGE_PATTERN = /^[1-9]\d{0,5}$/;

/** The page of /obras a query asks for (`?pagina=N`); anything else is the first page. */
export function parseWorksPage(params: URLSearchParams): number {
  const value = params.get("pagina") ?? "";
  return PAGE_PATTERN.test(value) ? Number(value) : 1;
}

/** The address of a page of /obras: the first one has no query. */
export function worksListHref(page: number): string {
  return page > 1 ? `/obras?pagina=${page}` : "/obras";
}

/** The address of a work's own page. */
export function workHref(slug: string): string {
  return `/obras/${slug}`;
}

/** "Batel, Curitiba": the parts that are filled in. */
export function workLocation(work: Pick<WorkDetail, "neighbourhood" | "city">): string {
  return [work.neighbourhood, work.city].filter(Boolean).join(", ");
}
