import { AsyncLocalStorage } from "node:async_hooks";

// The client's address of the request being answered: the one source of it for the audit log,
// the sessions' 'Dispositivos conectados' and the per-address rate limits. The HTTP layer knows
// it (it decides which forwarding headers count) and sets it once; every loader and action runs
// inside that request, so the address follows the call instead of being passed through each
// route and server module.
const storage = new AsyncLocalStorage<string>();

/** Run `answer` with `clientIp` as the current request's address. */
export function withRequestAddress<T>(clientIp: string, answer: () => T): T {
  return storage.run(clientIp, answer);
}

/**
 * The current request's client address as the HTTP layer found it ("unknown" when it could not
 * tell, and outside a request): the key of the per-address rate limits.
 */
export function requestClientIp(): string {
  return storage.getStore() ?? "unknown";
}

/** The current request's client address to store, or null when unknown or outside a request. */
export function currentRequestAddress(): string | null {
  const address = storage.getStore();
  return address && address !== "unknown" ? address.slice(0, 64) : null;
}
