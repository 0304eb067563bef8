import { randomBytes } from "node:crypto";

// Random bytes drawn in blocks: one call to the system's generator for many nonces.
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let offset = 0;

export function createNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

const NO_SCRIPT_HASHES: readonly string[] = [];

/**
 * The Content-Security-Policy of every response. Scripts run only from our origin, with this
 * response's nonce or, on cached pages, as one of our constant inline scripts by hash (no
 * 'unsafe-inline', no 'unsafe-eval'); nothing may frame the site; plugins
 * and <base> tricks are off. Inline styles stay allowed (React style props, the editor).
 */
export function contentSecurityPolicy(
  nonce: string,
  https: boolean,
  scriptHashes: readonly string[] = NO_SCRIPT_HASHES,
): string {
  const [beforeNonce, afterNonce] = policyAroundNonce(https, scriptHashes);
  return `${beforeNonce}${nonce}${afterNonce}`;
}

/** The policy is the same text around each response's nonce: built once per variant. */
const policiesByHashes = new WeakMap<readonly string[], Map<boolean, [string, string]>>();

function policyAroundNonce(https: boolean, scriptHashes: readonly string[]): [string, string] {
  let variants = policiesByHashes.get(scriptHashes);
  if (!variants) {
    variants = new Map();
    policiesByHashes.set(scriptHashes, variants);
  }
  let parts = variants.get(https);
  if (!parts) {
    const marker = "\u0000";
    const [before = "", after = ""] = policyText(marker, https, scriptHashes).split(marker);
    parts = [before, after];
    variants.set(https, parts);
  }
  return parts;
}

function policyText(nonce: string, https: boolean, scriptHashes: readonly string[]): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...scriptHashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export interface Transport {
  /** This request reached us over HTTPS (directly or through a trusted proxy). */
  httpsRequest: boolean;
  /** The site is served over HTTPS (PUBLIC_URL is https), whatever this request looked like. */
  httpsSite: boolean;
}

/** Headers added to every response, whatever produced it (page, asset, media, error, redirect). */
export function securityHeaders(
  nonce: string,
  { httpsRequest, httpsSite }: Transport,
  scriptHashes: readonly string[] = NO_SCRIPT_HASHES,
): Record<string, string> {
  return {
    // Upgrading the page's links is for a page the browser actually got over HTTPS.
    "Content-Security-Policy": contentSecurityPolicy(nonce, httpsRequest, scriptHashes),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy":
      "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    // HSTS follows the configuration too: behind a TLS proxy not declared with TRUST_PROXY every
    // request looks like plain HTTP, and browsers ignore the header on a plain-HTTP answer anyway.
    ...(httpsSite || httpsRequest
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}
