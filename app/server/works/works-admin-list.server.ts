import { sql } from "kysely";
import { pageWindow } from "../admin-lists/list-query.server";
import { database } from "../db/database.server";
import { containsPattern, foldForSearch } from "../media/media-search.server";

// The admin's list of works (/admin/obras): searched and paged in SQL, in the order of /obras.

export const WORKS_ADMIN_PAGE_SIZE = 50;
const SEARCH_MAX_LENGTH = 200;
const MAX_PAGE = 100_000;

/** The list's address: `?busca=…&pagina=…`, tolerant of anything typed (bad pages are page 1). */
export interface WorksQuery {
  search: string;
  page: number;
}

export function worksQueryFrom(params: URLSearchParams): WorksQuery {
  const page = Number(params.get("pagina") ?? "1");
  return {
    search: (params.get("busca") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** A work as the admin's list shows it. */
export interface AdminWorkListItem {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  inProgress: boolean;
  /** 0-based place on /obras among all works (drafts included). */
  index: number;
}

export interface AdminWorksPage {
  items: AdminWorkListItem[];
  search: string;
  page: number;
  pageCount: number;
  /** Works matching the search (all of them without one). */
  total: number;
  /** All works, for "Descer" on the last one. */
  all: number;
}

/**
 * One page of works in the order of /obras, searched and paged in SQL: only the page's rows and
 * the columns the list shows are read. The search matches `search_text`, the title folded as the
 * media library folds name and alt (SQLite's LIKE folds only ASCII case and PostgreSQL's none).
 */
export async function listWorksForAdmin(query: WorksQuery): Promise<AdminWorksPage> {
  const db = await database();
  const folded = foldForSearch(query.search);
  // Kysely's "like" has no ESCAPE clause, and SQLite has no default escape character.
  const matches = sql<boolean>`search_text LIKE ${containsPattern(folded)} ESCAPE '\\'`;
  const counts = await db
    .selectFrom("works")
    .select([
      sql<number>`count(*)`.as("all"),
      (folded ? sql<number>`count(CASE WHEN ${matches} THEN 1 END)` : sql<number>`count(*)`).as("total"),
    ])
    .executeTakeFirstOrThrow();
  const all = Number(counts.all);
  const { page, pageCount, total, offset } = pageWindow(
    Number(counts.total),
    query.page,
    WORKS_ADMIN_PAGE_SIZE,
  );

  // A found work shows its place among all works, so it is numbered before the search filters.
  const ordered = db
    .selectFrom("works")
    .select([
      "id",
      "slug",
      "title",
      "published",
      "in_progress",
      "search_text",
      sql<number>`row_number() OVER (ORDER BY position, id) - 1`.as("place"),
    ]);
  const rows = folded
    ? await db
        .selectFrom(ordered.as("ordered"))
        .select(["id", "slug", "title", "published", "in_progress", "place"])
        .where(matches)
        .orderBy("place")
        .limit(WORKS_ADMIN_PAGE_SIZE)
        .offset(offset)
        .execute()
    : (
        await db
          .selectFrom("works")
          .select(["id", "slug", "title", "published", "in_progress"])
          .orderBy("position")
          .orderBy("id")
          .limit(WORKS_ADMIN_PAGE_SIZE)
          .offset(offset)
          .execute()
      ).map((row, index) => ({ ...row, place: offset + index }));
  return {
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      published: Boolean(row.published),
      inProgress: Boolean(row.in_progress),
      index: Number(row.place),
    })),
    search: query.search,
    page,
    pageCount,
    total,
    all,
  };
}
