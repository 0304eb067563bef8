import type { HttpBindings } from "@hono/node-server";
import { type TrustedProxies, withoutUntrustedForwarding } from "../platform/client-address.server";
import type { RenderCache } from "../render-cache/render-cache.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import { answerHeaders, logAnswer, type RouteLabel } from "./finish-answer.server";
import { metricsAnswer } from "./metrics-endpoint.server";
import { pageViewCounting } from "./page-view-counting.server";
import { requestIdFrom } from "./request-id.server";
import { createNonce } from "./security-headers.server";

export type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The site's fetch handler: the app's steps (`app`), except for what needs none of them. A page
 * already in the render cache (a GET without a session: no body, no CSRF, no admin) is sent at
 * once, and /metrics answered before the forwarding headers are judged. Every public page's view
 * is counted here, whichever way it was answered.
 */
export function withFastPath({
  app,
  renderCache,
  visits,
  proxies,
  routeLabel,
}: {
  app: { fetch: Fetch };
  renderCache: RenderCache;
  /** Without it nothing is counted (the bench's comparison). */
  visits: VisitCounter | undefined;
  proxies: TrustedProxies;
  routeLabel: RouteLabel;
}): Fetch {
  const countedView = visits ? pageViewCounting(visits, proxies) : undefined;
  return (request, env) => {
    const started = performance.now();
    const incoming = (env as HttpBindings | undefined)?.incoming;
    const peer = incoming?.socket.remoteAddress;
    const url = new URL(request.url);
    // Its access rule reads the forwarding headers as they came, before they are judged.
    if (url.pathname === "/metrics") return answerMetrics(request, peer, started, routeLabel);
    // Before anything reads them: forwarded headers count only from our own proxies.
    withoutUntrustedForwarding(request, peer, proxies);
    let requestId = "";
    const stored = renderCache.storedAnswer(request, url, () => {
      requestId = requestIdFrom(request.headers.get("x-request-id") ?? undefined);
      return answerHeaders(request, { nonce: createNonce(), requestId, sharedRender: true });
    });
    const count = countedView?.(request, url, incoming, stored !== undefined);
    if (!stored) {
      const answer = app.fetch(request, env);
      if (!count) return answer;
      return Promise.resolve(answer).then((response) => {
        count(response);
        return response;
      });
    }
    logAnswer(
      request,
      stored.status,
      { requestId, started, path: url.pathname, cacheResult: "hit" },
      routeLabel,
    );
    count?.(stored);
    return stored;
  };
}

/** /metrics, with the headers and the log line of every answer. */
async function answerMetrics(
  request: Request,
  peer: string | undefined,
  started: number,
  routeLabel: RouteLabel,
): Promise<Response> {
  const requestId = requestIdFrom(request.headers.get("x-request-id") ?? undefined);
  const answer = await metricsAnswer(request, peer);
  for (const [name, value] of Object.entries(
    answerHeaders(request, { nonce: createNonce(), requestId, sharedRender: false }),
  )) {
    answer.headers.set(name, value);
  }
  logAnswer(request, answer.status, { requestId, started, path: "/metrics", cacheResult: null }, routeLabel);
  return answer;
}
