// The addresses a redirect may use (docs/decisions/0029-post-seo-and-redirects.md): both ends
// are on this site. The source is a path only (what an old site's link or a search result
// asks for); the destination a path with an optional query. Stored in the form a request's
// URL has (percent-encoded, no trailing slash), so a request is matched with one lookup.

export const REDIRECT_PATH_MAX_LENGTH = 1000;
/** The largest CSV of redirects accepted (a few thousand redirects fit easily). */
export const REDIRECT_CSV_MAX_BYTES = 1024 * 1024;

export type RedirectPathResult = { ok: true; path: string } | { ok: false; message: string };

/** Paths the site answers itself (React Router matches them in any case). */
const SITE_PATHS = new Set([
  "/",
  "/blog",
  "/blog/rss.xml",
  "/servicos",
  "/obras",
  "/contato",
  "/politica-de-privacidade",
  "/auth",
  "/sitemap.xml",
  "/robots.txt",
  "/healthz",
  "/favicon.ico",
  "/admin",
]);
const SITE_PREFIXES = ["/admin/", "/admin.", "/obras/", "/media/", "/assets/", "/auth/", "/auth."];

/** Whether the site serves this (normalised) path itself: no redirect may take it over. */
export function isSitePath(path: string): boolean {
  const lower = path.toLowerCase();
  return SITE_PATHS.has(lower) || SITE_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * Whether a stored address is a path of this site and nothing else: one leading "/", never
 * "//" or "/\\" (a browser reads those as another host: `Location: //evil.example` is an open
 * redirect), no scheme, no control characters.
 */
export function isOnSitePath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f\u007f\\]/.test(path);
}

/** A message as part of a sentence ("Linha 3: o endereço…"). */
export function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/** A request's path as redirects are keyed: no trailing slash (except the root). */
export function redirectKey(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/** The slug of an article path (/blog/{slug}), or null. */
export function articleSlugOf(path: string): string | null {
  const match = /^\/blog\/([^/]+)$/.exec(path);
  return match?.[1] ?? null;
}

function parseOnSite(
  input: string,
  siteOrigins: readonly string[],
  what: "origem" | "destino",
): { ok: true; url: URL } | { ok: false; message: string } {
  const text = input.trim();
  const label = what === "origem" ? "O endereço de origem" : "O endereço de destino";
  if (!text) return { ok: false, message: `${label} é obrigatório.` };
  if (text.length > REDIRECT_PATH_MAX_LENGTH) {
    return { ok: false, message: `${label} pode ter no máximo ${REDIRECT_PATH_MAX_LENGTH} caracteres.` };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\s\u0000-\u001f\u007f\\]/.test(text)) {
    return { ok: false, message: `${label} não pode ter espaços nem barras invertidas.` };
  }
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text);
  const mustStartWithSlash = {
    ok: false,
    message: `${label} deve começar com "/" (por exemplo /2019/05/minha-obra/).`,
  } as const;
  if (!absolute && (!text.startsWith("/") || text.startsWith("//"))) return mustStartWithSlash;
  const pathPart = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? "";
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(pathPart)) {
    return { ok: false, message: `${label} não pode ter segmentos "." ou "..".` };
  }
  let url: URL;
  try {
    url = new URL(text, siteOrigins[0] ?? "http://localhost");
  } catch {
    return { ok: false, message: `${label} não é um endereço válido.` };
  }
  if (absolute && !siteOrigins.includes(url.origin)) {
    return {
      ok: false,
      message: `${label} deve ser deste site (${siteOrigins[0] ?? ""}), não de outro domínio.`,
    };
  }
  // A full address of this site can still name a path that starts with "//", which a browser
  // reads as another host (`Location: //evil.example` is an open redirect).
  if (url.pathname.startsWith("//")) return mustStartWithSlash;
  return { ok: true, url };
}

/** The source of a redirect: a path on this site, without query or fragment. */
export function parseRedirectSource(input: string, siteOrigins: readonly string[]): RedirectPathResult {
  const parsed = parseOnSite(input, siteOrigins, "origem");
  if (!parsed.ok) return parsed;
  if (parsed.url.search || parsed.url.hash || /[?#]/.test(input)) {
    return { ok: false, message: 'O endereço de origem não pode ter "?" nem "#".' };
  }
  const path = redirectKey(parsed.url.pathname);
  if (isSitePath(path)) {
    return {
      ok: false,
      message: `O endereço ${path} é uma página do próprio site e não pode ser redirecionado.`,
    };
  }
  return { ok: true, path };
}

/** The destination of a redirect: a path on this site, with its query and fragment if any. */
export function parseRedirectTarget(input: string, siteOrigins: readonly string[]): RedirectPathResult {
  const parsed = parseOnSite(input, siteOrigins, "destino");
  if (!parsed.ok) return parsed;
  const { pathname, search, hash } = parsed.url;
  if (isAdminLike(pathname)) {
    return { ok: false, message: "O destino não pode ser uma página do painel." };
  }
  return { ok: true, path: `${redirectKey(pathname)}${search}${hash}` };
}

function isAdminLike(path: string): boolean {
  return /^\/(admin|auth)(?:[/.]|$)/i.test(path);
}

/** The path part of a stored destination (what another redirect's source could equal). */
export function targetPathOf(target: string): string {
  return redirectKey(target.split(/[?#]/)[0] ?? target);
}

/** The admin's list of redirects. */
export const REDIRECTS_PATH = "/admin/redirecionamentos";
