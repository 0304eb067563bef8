// The admin's paginated lists (posts, quote requests): the page size, the shape of one page,
// and the addresses of its filters and pages. Client-safe: the pagination links are built from
// the query the server applied.
import type { AuditGroup } from "./audit-actions";
import type { LeadStatus } from "./lead-status";
import type { PostStatus } from "./post-status";

/** Rows per page of an admin list. */
export const ADMIN_LIST_PAGE_SIZE = 50;

/** A search longer than this is cut (no title, name or e-mail is that long). */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** One page of an admin list, as the server cut it. */
export interface AdminListPage<Item> {
  items: Item[];
  /** The page shown: the one asked for, or the last when it asked beyond the end. */
  page: number;
  pageCount: number;
  /** Rows matching the filters, on every page together. */
  total: number;
}

/** A list's query string values by parameter name; empty values and page 1 are left out. */
export type ListParams = Record<string, string | number | null>;

/** `path` with the non-empty `params` as its query string (`pagina` 1 is the default). */
export function listHref(path: string, params: ListParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === "" || (name === "pagina" && value === 1)) continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The post list's filters and page, as applied. */
export interface PostListQuery {
  /** What the owner typed ("" for no search). */
  search: string;
  status: PostStatus | null;
  /** A category's slug. */
  category: string | null;
  /** Local days (YYYY-MM-DD), both included, of the post's creation. */
  from: string | null;
  to: string | null;
  page: number;
}

/** The quote-request inbox's filters and page, as applied. */
export interface LeadListQuery {
  search: string;
  status: LeadStatus | null;
  /** The service as the request named it. */
  service: string | null;
  /** Local days (YYYY-MM-DD), both included, of the request's arrival. */
  from: string | null;
  to: string | null;
  page: number;
}

/** The post list's query string names (the form's fields and the links'). */
export function postListParams(query: PostListQuery): ListParams {
  return {
    busca: query.search,
    status: query.status,
    categoria: query.category,
    de: query.from,
    ate: query.to,
    pagina: query.page,
  };
}

/** The inbox's query string names (also the CSV export's, without the page). */
export function leadListParams(query: LeadListQuery): ListParams {
  return {
    busca: query.search,
    status: query.status,
    servico: query.service,
    de: query.from,
    ate: query.to,
    pagina: query.page,
  };
}

/** The audit log's filters and page, as applied. */
export interface AuditListQuery {
  /** A user's id. */
  user: string | null;
  /** An action group (the part of the code before the dot). */
  group: AuditGroup | null;
  /** Local days (YYYY-MM-DD), both included. */
  from: string | null;
  to: string | null;
  page: number;
}

/** The audit log's query string names (also the CSV export's, without the page). */
export function auditListParams(query: AuditListQuery): ListParams {
  return { usuario: query.user, acao: query.group, de: query.from, ate: query.to, pagina: query.page };
}

/** True when any filter or search narrows the list. */
export function isFiltered(query: PostListQuery | LeadListQuery | AuditListQuery): boolean {
  const { page: _page, ...filters } = query;
  return Object.values(filters).some((value) => value !== null && value !== "");
}
