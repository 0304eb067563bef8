import { isIP } from "node:net";
import { normalizeAddress } from "./ip-address.server.ts";

// One TRUST_PROXY entry, read at start by the configuration and turned into a matcher by
// client-address.server.ts. Plain data, so that the configuration stays a frozen value.

export type ProxyEntry = { address: string; prefix: number; family: "ipv4" | "ipv6" };

/** Whom forwarded headers are believed from: nobody, any peer (legacy `1`), or these proxies. */
export type TrustProxySetting =
  | { readonly mode: "nobody" }
  | { readonly mode: "any-peer" }
  | { readonly mode: "list"; readonly entries: readonly ProxyEntry[] };

/** An address or a CIDR range, IPv4 or IPv6; undefined when malformed. */
export function proxyEntry(entry: string): ProxyEntry | undefined {
  const [rawAddress = "", rawPrefix, ...rest] = entry.split("/");
  // A single IPv4-mapped address ("::ffff:10.0.0.1") is the IPv4 address; ranges stay as written.
  const address = rawPrefix === undefined ? normalizeAddress(rawAddress) : rawAddress;
  const version = address ? isIP(address) : 0;
  if (!address || !version || address.includes("%") || rest.length) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = rawPrefix === undefined ? max : /^\d{1,3}$/.test(rawPrefix) ? Number(rawPrefix) : -1;
  if (prefix < 0 || prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}
