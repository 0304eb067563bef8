// The media library's search compares text the same way on both engines: SQLite's LIKE folds
// only ASCII case and PostgreSQL's none, so name and alt are stored lower-cased and without
// accents (`media.search_text`), and the search term is folded the same way.

/** Lower-case, without accents or repeated spaces: "Fachada  Área" → "fachada area". */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The `media.search_text` of an image with this name and alt text. */
export function mediaSearchText(name: string, alt: string): string {
  return `${foldForSearch(name)}\n${foldForSearch(alt)}`;
}

/** A LIKE pattern matching `term` anywhere, with LIKE's own wildcards taken literally (ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${foldForSearch(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
