import type { IncomingMessage } from "node:http";
import { clientAddress, type TrustedProxies } from "../platform/client-address.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import {
  countableRequest,
  countableView,
  nodeHeaders,
  rememberedPageView,
} from "../visits/visit-request.server";

/** Counts the view once the answer is known, if the answer is the page. */
export type CountView = (answer: Response) => void;

/**
 * The public pages' views, counted from the request and the status alone, after the answer is
 * made: nothing waits, and the cached bytes are the same for everyone. The client is as the
 * trusted proxies say (never stored). Counting reads the few headers it needs from Node directly
 * (they are what came).
 */
export function pageViewCounting(visits: VisitCounter, proxies: TrustedProxies) {
  /** How to count this request's view, when it counts at all. */
  return (request: Request, url: URL, incoming: IncomingMessage | undefined) => {
    const headers = incoming ? nodeHeaders(incoming.headers) : request.headers;
    if (!countableRequest(request, url.pathname, false, headers)) return undefined;
    const count: CountView = (answer) => {
      if (answer.status !== 200 || !answer.headers.get("content-type")?.startsWith("text/html")) return;
      const client = clientOf(
        incoming?.socket.remoteAddress,
        request.headers.get("x-forwarded-for"),
        proxies,
      );
      visits.countView(rememberedPageView(url, client, headers));
    };
    return count;
  };
}

/**
 * The view of a stored page sent from Node's own request (http/stored-page-answer.server.ts):
 * no session (the render cache said so), answered 200 with the page.
 */
export function storedPageViewCounting(visits: VisitCounter, proxies: TrustedProxies) {
  return (incoming: IncomingMessage, url: URL): void => {
    const headers = nodeHeaders(incoming.headers);
    if (!countableView(incoming.method, url.pathname, headers)) return;
    const client = clientOf(incoming.socket.remoteAddress, headers.get("x-forwarded-for"), proxies);
    visits.countView(rememberedPageView(url, client, headers));
  };
}

function clientOf(peer: string | undefined, forwardedFor: string | null, proxies: TrustedProxies): string {
  return proxies.enabled ? clientAddress(peer, forwardedFor, proxies) : (peer ?? "unknown");
}
