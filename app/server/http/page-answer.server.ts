import { getConnInfo } from "@hono/node-server/conninfo";
import type { Handler } from "hono";
import { clientAddress, type TrustedProxies } from "../platform/client-address.server";
import { attachRenderedBody } from "../platform/rendered-body.server";
import { withRequestAddress } from "../platform/request-address.server";
import type { AppEnv } from "./app-env.server";
import { asSeenByBrowser } from "./browser-url.server";
import { outageInstead } from "./database-unavailable.server";

/** What the HTTP layer tells the page renderer about a request. */
export interface PageRequestFacts {
  /** CSP nonce for the page's inline scripts; none on a page the render cache shares. */
  nonce: string | undefined;
  requestId: string;
}

/** The site's pages (React Router's handler, given by whoever assembles the app). */
export type RenderPage = (request: Request, facts: PageRequestFacts) => Promise<Response>;

/**
 * The app's last step, for every request no earlier step answered: the page, rendered with the
 * client's address known to the audit log, or the outage page when the database is to blame.
 */
export function answerPages(renderPage: RenderPage, proxies: TrustedProxies): Handler<AppEnv> {
  return async (c) => {
    const clientIp = clientAddress(
      getConnInfo(c).remote.address,
      c.req.header("x-forwarded-for") ?? null,
      proxies,
    );
    const facts = {
      // A page shared through the render cache must not carry this request's nonce.
      nonce: c.get("sharedRender") ? undefined : c.get("nonce"),
      requestId: c.get("requestId"),
    };
    const answer = await withRequestAddress(clientIp, () =>
      renderPage(asSeenByBrowser(c.req.raw, proxies), facts),
    );
    // A page that failed because the database is away: say so, with the phone and WhatsApp.
    return (await outageInstead(c.req.raw, answer)) ?? attachRenderedBody(answer);
  };
}
