import type { IncomingMessage } from "node:http";
import { clientAddress, type TrustedProxies } from "../platform/client-address.server";
import type { VisitCounter } from "../visits/visit-counter.server";
import { countableRequest, nodeHeaders, rememberedPageView } from "../visits/visit-request.server";

/** Counts the view once the answer is known, if the answer is the page. */
export type CountView = (answer: Response) => void;

/**
 * The public pages' views, cached or not, counted from the request and the status alone, after
 * the answer is made: nothing waits, and the cached bytes are the same for everyone. The client
 * is as the trusted proxies say (never stored). Counting reads the few headers it needs from Node
 * directly (they are what came).
 */
export function pageViewCounting(visits: VisitCounter, proxies: TrustedProxies) {
  /** How to count this request's view, when it counts at all. `stored`: a render-cache answer. */
  return (request: Request, url: URL, incoming: IncomingMessage | undefined, stored: boolean) => {
    const headers = incoming ? nodeHeaders(incoming.headers) : request.headers;
    // A stored answer is only ever given to a request without a session.
    if (!countableRequest(request, url.pathname, stored, headers)) return undefined;
    const count: CountView = (answer) => {
      if (answer.status !== 200) return;
      if (!stored && !answer.headers.get("content-type")?.startsWith("text/html")) return;
      const peer = incoming?.socket.remoteAddress;
      const client = proxies.enabled
        ? clientAddress(peer, request.headers.get("x-forwarded-for"), proxies)
        : (peer ?? "unknown");
      visits.countView(rememberedPageView(request, url, client, headers));
    };
    return count;
  };
}
