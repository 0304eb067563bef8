import { siteDefaults } from "~/config/site-env.server";
import { configuration } from "../config/configuration.server";
import { trustProxyEnabled } from "../platform/client-address.server";

let trustProxy: boolean | undefined;

/** Whether the browser reached us over HTTPS (directly, or through a trusted proxy). */
export function requestIsHttps(request: Request): boolean {
  // request.url is absolute: its scheme needs no URL parsing (asked on every answer).
  if (request.url.startsWith("https:")) return true;
  trustProxy ??= trustProxyEnabled(configuration().trustProxy);
  return trustProxy && request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/**
 * Whether the site is served over HTTPS, as PUBLIC_URL says. Behind a TLS-terminating proxy
 * that nobody declared with TRUST_PROXY every request looks like plain HTTP, so what must hold
 * for the whole site (Secure cookies, HSTS) follows the configuration, not the request.
 */
export function siteIsHttps(): boolean {
  return siteDefaults().publicUrl.startsWith("https:");
}

/** Cookies are Secure on an https site, and on any request that came over HTTPS anyway. */
export function cookiesMustBeSecure(request: Request): boolean {
  return siteIsHttps() || requestIsHttps(request);
}

export function readCookie(request: Request, name: string): string | undefined {
  return cookieFromHeader(request.headers.get("cookie") ?? undefined, name);
}

/** A cookie's value from a Cookie header as it came (Node's own, before any Request is made). */
export function cookieFromHeader(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/** An HttpOnly, SameSite=Lax cookie for the whole site (Path=/, no Domain: this host only). */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, secure }: CookieOptions,
): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
