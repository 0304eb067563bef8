import { createHash, timingSafeEqual } from "node:crypto";
import { configuration } from "../config/configuration.server";
import { isLoopbackAddress } from "../platform/ip-address.server";
import { metricsRegistry } from "../platform/metrics.server";
import { scrapeMetrics } from "./scrape-metrics.server";

// /metrics tells how busy the site is and how many sign-ins fail: for the operator only. It
// answers a client on this machine that came straight in (a request through a proxy carries
// forwarding headers, even from a proxy on loopback), or anyone with METRICS_TOKEN as a bearer
// token (a Prometheus server elsewhere).

export const METRICS_REFUSED_MESSAGE =
  "As métricas só respondem a esta máquina, ou com o token de METRICS_TOKEN (Authorization: Bearer …).";

const digest = (text: string) => createHash("sha256").update(text).digest();

function bearerMatches(header: string | null, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length).trim()), digest(token));
}

function cameStraightFromThisMachine(request: Request, peer: string | undefined): boolean {
  const headers = request.headers;
  const forwarded = headers.has("x-forwarded-for") || headers.has("forwarded") || headers.has("x-real-ip");
  return !forwarded && peer !== undefined && isLoopbackAddress(peer);
}

/**
 * The Prometheus text for an allowed client, else 403. `peer` is the socket's address, read
 * before any forwarding header is believed or removed.
 */
export async function metricsAnswer(
  request: Request,
  peer: string | undefined,
  token = configuration().metricsToken,
): Promise<Response> {
  if (
    !bearerMatches(request.headers.get("authorization"), token) &&
    !cameStraightFromThisMachine(request, peer)
  ) {
    return new Response(METRICS_REFUSED_MESSAGE, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const body = await scrapeMetrics();
  return new Response(request.method === "HEAD" ? null : body, {
    headers: { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" },
  });
}
