import type { HttpBindings } from "@hono/node-server";
import { type TrustedProxies, withoutUntrustedForwarding } from "../platform/client-address.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import { answerHeaders, logAnswer, type RouteLabel } from "./finish-answer.server";
import { metricsAnswer } from "./metrics-endpoint.server";
import { pageViewCounting } from "./page-view-counting.server";
import { requestIdFrom } from "./request-id.server";
import { createNonce } from "./security-headers.server";

export type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The site's fetch handler: the app's steps (`app`), except for /metrics, answered before the
 * forwarding headers are judged. Every public page's view the app answers is counted here (a
 * render-cache hit sent at Node's level is counted there: stored-page-answer.server.ts).
 */
export function withFastPath({
  app,
  visits,
  proxies,
  routeLabel,
}: {
  app: { fetch: Fetch };
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
    const count = countedView?.(request, url, incoming);
    const answer = app.fetch(request, env);
    if (!count) return answer;
    return Promise.resolve(answer).then((response) => {
      count(response);
      return response;
    });
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
  logAnswer(
    request.method,
    answer.status,
    { requestId, started, path: "/metrics", cacheResult: null },
    routeLabel,
  );
  return answer;
}
