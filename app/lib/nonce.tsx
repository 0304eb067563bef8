import { createContext, use } from "react";

// The per-request CSP nonce, provided by entry.server.tsx for inline scripts.
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return use(NonceContext);
}
