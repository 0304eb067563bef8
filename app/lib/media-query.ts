// The media library's address: `?busca=…&pagina=…`, read by the server (the grid and the
// picker's endpoint) and written by the grid's links. Client-safe.

/** A search longer than any name or alt text can match nothing: it is cut, not refused. */
export const MEDIA_SEARCH_MAX_LENGTH = 200;
const MAX_PAGE = 100_000;

export interface MediaQuery {
  search: string;
  page: number;
}

/** The query of a library address, tolerant of anything a user may type (bad pages are page 1). */
export function mediaQueryFrom(params: URLSearchParams): MediaQuery {
  const page = Number(params.get("pagina") ?? "1");
  return {
    search: (params.get("busca") ?? "").trim().slice(0, MEDIA_SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The library's address (`base`: /admin/midia or the picker's endpoint) for a search and page. */
export function mediaLibraryHref(base: string, { search, page }: MediaQuery): string {
  const params = new URLSearchParams();
  if (search) params.set("busca", search);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
