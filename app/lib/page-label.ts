// What a page is called where counts and sources keep it (visit counts, contact taps, the quote
// requests' source page). A few addresses end in a single-use secret (an invitation, a password
// reset, a post's share link): they are kept by their route's pattern, never with the token,
// so no count, Painel, CSV or backup can hand the secret to anyone.

const SECRET_PAGES: readonly { prefix: RegExp; pattern: string }[] = [
  { prefix: /^\/+convite\/+[^/]/i, pattern: "/convite/:token" },
  { prefix: /^\/+redefinir-senha\/+[^/]/i, pattern: "/redefinir-senha/:token" },
  { prefix: /^\/+blog\/+previa\/+[^/]/i, pattern: "/blog/previa/:token" },
];

/** The pattern of a path that carries a secret ("/redefinir-senha/:token"), or null. */
export function secretPagePattern(path: string): string | null {
  return SECRET_PAGES.find(({ prefix }) => prefix.test(path))?.pattern ?? null;
}

/** The label a path is kept under: the path itself, or its route's pattern when it holds a secret. */
export function pageLabel(path: string): string {
  return secretPagePattern(path) ?? path;
}
