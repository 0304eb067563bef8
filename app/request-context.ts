import { createContext } from "react-router";

/** Facts about the HTTP request that the server adds before React Router sees it. */
export interface RequestInfo {
  /** CSP nonce for this response's inline scripts. */
  nonce: string | undefined;
  /** Client address (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
  requestId: string;
}

// Defaults apply where our HTTP app does not wrap the handler (a route module called directly).
export const requestInfoContext = createContext<RequestInfo>({
  nonce: undefined,
  clientIp: "127.0.0.1",
  requestId: "dev",
});
