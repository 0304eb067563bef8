// What a visitor typed in the blog search, turned into terms each engine can match safely.
// Only runs of letters and digits survive, so quotes, FTS5 operators (AND, NEAR, *, ^, :),
// tsquery syntax (&, |, !, <->) and emoji can never reach a query as syntax.

/** More words than this add nothing but cost: the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;

/** A word is at most this long (the longest Portuguese words are about 30 letters). */
const MAX_WORD_LENGTH = 40;

/**
 * Portuguese words too common to narrow a search. PostgreSQL's Portuguese configuration drops
 * them itself; SQLite's FTS5 would require each of them in every match.
 */
const STOPWORDS = new Set(
  (
    "a o as os um uma uns umas de do da dos das no na nos nas em por pelo pela pelos pelas para pra " +
    "com sem sob sobre e ou que se ao aos à às é ser sao seu sua seus suas mais como mas nao ja " +
    "este esta estes estas esse essa isso isto ele ela eles elas entre ate quando onde qual quais"
  ).split(" "),
);

/** Lower case, accents removed: "Impermeabilização" → "impermeabilizacao". */
export function foldWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The words of a search, folded, without repeats, stopwords left out unless nothing else
 * remains ("de" alone is still a search).
 */
export function searchWords(text: string): string[] {
  const words = [
    ...new Set((foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH))),
  ];
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return (meaningful.length ? meaningful : words).slice(0, MAX_SEARCH_WORDS);
}

/** Endings removed, longest first, before matching a word as a prefix (plural, gender, -ção). */
const ENDINGS = ["coes", "cao", "oes", "aes", "ais", "eis", "s", "a", "o", "e"];
const SHORTEST_STEM = 4;

/**
 * A crude Portuguese stem: the word without its plural, gender or "-ção/-ções" ending, kept at
 * least four letters long. Matched as a prefix, "fachadas" finds "fachada" and
 * "impermeabilizacao" finds "impermeabilizações". SQLite has no Portuguese stemmer.
 */
export function prefixStem(word: string): string {
  if (/^\p{N}+$/u.test(word)) return word;
  let stem = word;
  for (const ending of ENDINGS) {
    if (stem.endsWith(ending) && stem.length - ending.length >= SHORTEST_STEM) {
      stem = stem.slice(0, -ending.length);
      if (ending === "coes" || ending === "cao") return `${stem}c`;
      // One plural ending, then at most one gender vowel.
      if (ending !== "s") return stem;
    }
  }
  return stem;
}

/**
 * An FTS5 MATCH expression requiring every word: each a quoted string (letters and digits only,
 * so nothing in it is syntax), matched as a prefix when it has a stem, exactly when it is short.
 */
export function sqliteMatchExpression(words: readonly string[]): string {
  return words
    .map((word) => {
      const stem = prefixStem(word);
      return stem.length >= SHORTEST_STEM ? `"${stem}"*` : `"${word}"`;
    })
    .join(" ");
}
