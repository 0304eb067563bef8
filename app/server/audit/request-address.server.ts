import { AsyncLocalStorage } from "node:async_hooks";

// The client's address of the request being answered, for the audit log. The HTTP layer knows
// it (it decides which forwarding headers count); every action that records an entry runs
// inside that request, so the address follows the call instead of being passed through each
// route and server module.
const storage = new AsyncLocalStorage<string>();

/** Run `answer` with `clientIp` as the current request's address. */
export function withRequestAddress<T>(clientIp: string, answer: () => T): T {
  return storage.run(clientIp, answer);
}

/** The current request's client address, or null outside a request (a script, a test). */
export function currentRequestAddress(): string | null {
  const address = storage.getStore();
  return address && address !== "unknown" ? address.slice(0, 64) : null;
}
