import { createContext, use } from "react";

// The per-request CSP nonce, provided by entry.server.tsx for inline scripts.
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * The nonce to put on an element. In the browser it is "": browsers blank every nonce attribute
 * once the page is parsed, so that is what the server's elements read back as when React
 * hydrates them, and any other value is a hydration mismatch.
 */
export function useNonce(): string | undefined {
  const nonce = use(NonceContext);
  return typeof document === "undefined" ? nonce : "";
}
