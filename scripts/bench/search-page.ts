/**
 * A search as a visitor types it (two words, no accents) that matches hundreds of the seeded
 * posts, so ranking and counting have real work: search pages are never in the render cache.
 */
export const SEARCH_PATH = "/blog?busca=fissuras+fachada";
export const SEARCH_CASE = "busca (nunca em cache)";
