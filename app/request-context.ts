import { createContext } from "react-router";

/**
 * Facts about the HTTP request that the server adds before React Router sees it. The client's
 * address is not one of them: it is the request's own (app/server/platform/request-address.server.ts).
 */
export interface RequestInfo {
  /** CSP nonce for this response's inline scripts. */
  nonce: string | undefined;
  requestId: string;
}

// Defaults apply where our HTTP app does not wrap the handler (a route module called directly).
export const requestInfoContext = createContext<RequestInfo>({
  nonce: undefined,
  requestId: "dev",
});
