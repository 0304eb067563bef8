// Kept apart from blog-query.ts so the browser bundle does not carry Zod.

/** Longest search accepted: a few sentences' worth of words, far more than anyone types. */
export const MAX_SEARCH_LENGTH = 100;

export const SEARCH_TOO_LONG_MESSAGE = `A busca pode ter no máximo ${MAX_SEARCH_LENGTH} caracteres. Use menos palavras.`;
