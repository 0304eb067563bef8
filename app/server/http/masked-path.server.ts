// Paths whose last part is a secret: an invitation, a password-reset link, a draft's share
// link. The access log (journald, and whatever ships it elsewhere) keeps them as `/convite/…`,
// so reading the log hands out no way in (docs/decisions/0045). React Router matches paths in
// any case and with repeated slashes, so the prefixes are matched the same way.

const TOKEN_PATH = /^(\/+(?:convite|redefinir-senha|blog\/+previa)\/+)./i;

/** The path as it may be logged: everything after a token path's prefix is "…" (`.data` kept). */
export function maskedPath(path: string): string {
  const match = TOKEN_PATH.exec(path);
  if (!match?.[1]) return path;
  return `${match[1]}…${path.endsWith(".data") ? ".data" : ""}`;
}
