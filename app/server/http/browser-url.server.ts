import { requestIsHttps } from "../accounts/cookies.server";
import type { TrustedProxies } from "../platform/client-address.server";

/**
 * Behind a TLS-terminating proxy we receive http://… while the browser is on https://…, and
 * React Router's own Origin check would refuse every form post. With TRUST_PROXY on, give the
 * router the URL the browser used (X-Forwarded-Proto is left only on requests from our proxies).
 */
export function asSeenByBrowser(request: Request, proxies: TrustedProxies): Request {
  if (!proxies.enabled || !requestIsHttps(request)) return request;
  const url = new URL(request.url);
  if (url.protocol === "https:") return request;
  url.protocol = "https:";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    duplex: "half",
    signal: request.signal,
  } as RequestInit);
}
