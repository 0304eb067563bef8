import { BlockList, isIP } from "node:net";
import { normalizeAddress } from "./ip-address.server";
import type { ProxyEntry, TrustProxySetting } from "./proxy-entry.server";

// Who the client is, when reverse proxies stand in front of the server. X-Forwarded-For and
// X-Forwarded-Proto are only believed from a socket peer named in TRUST_PROXY: anyone else can
// write whatever they like in them.

/** The proxies TRUST_PROXY names. */
export interface TrustedProxies {
  /** TRUST_PROXY is set: forwarded headers are believed from the peers it trusts. */
  readonly enabled: boolean;
  /** Whether this socket peer may tell us the client's address and scheme. */
  trustsPeer(peer: string | undefined): boolean;
  /** Whether an X-Forwarded-For hop is one of our proxies (skipped on the way to the client). */
  isProxy(address: string): boolean;
}

const nobody: TrustedProxies = { enabled: false, trustsPeer: () => false, isProxy: () => false };

/**
 * The legacy `TRUST_PROXY=1`: every peer is our proxy, and the last X-Forwarded-For entry (the
 * one it appended) is the client. Only right when that proxy is the only way in.
 */
const anyPeer: TrustedProxies = { enabled: true, trustsPeer: () => true, isProxy: () => false };

function proxyList(entries: readonly ProxyEntry[]): TrustedProxies {
  const list = new BlockList();
  for (const { address, prefix, family } of entries) list.addSubnet(address, prefix, family);
  const isProxy = (address: string) => {
    const normalized = normalizeAddress(address);
    return normalized !== undefined && list.check(normalized, isIP(normalized) === 4 ? "ipv4" : "ipv6");
  };
  return { enabled: true, isProxy, trustsPeer: (peer) => peer !== undefined && isProxy(peer) };
}

const memo = new WeakMap<TrustProxySetting, TrustedProxies>();

/**
 * The proxies of TRUST_PROXY (checked at start): unset (or 0/false/no/off) trusts nobody;
 * 1/true/yes/on trusts any peer; otherwise the listed addresses and CIDR ranges. The caller
 * passes the setting (`configuration().trustProxy`): the platform reads no configuration.
 */
export function trustedProxies(setting: TrustProxySetting): TrustedProxies {
  let proxies = memo.get(setting);
  if (!proxies) {
    proxies =
      setting.mode === "nobody" ? nobody : setting.mode === "any-peer" ? anyPeer : proxyList(setting.entries);
    memo.set(setting, proxies);
  }
  return proxies;
}

/**
 * Whether forwarded headers are believed at all. The HTTP layer removes them from requests
 * whose peer is not a trusted proxy (`withoutUntrustedForwarding`), so a reader that has only
 * the request (requestIsHttps) may believe what is left when this is true.
 */
export function trustProxyEnabled(setting: TrustProxySetting): boolean {
  return trustedProxies(setting).enabled;
}

/** Headers only a proxy may set. */
const FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-proto"] as const;

/**
 * Forget what a peer that is not our proxy wrote in the forwarded headers, so that nothing
 * further down (the client's address, the scheme the browser used) can believe it.
 */
export function withoutUntrustedForwarding(
  request: Request,
  peer: string | undefined,
  proxies: TrustedProxies,
): void {
  if (!proxies.enabled || proxies.trustsPeer(peer)) return;
  for (const name of FORWARDED_HEADERS) if (request.headers.has(name)) request.headers.delete(name);
}

/** At most this many X-Forwarded-For hops are examined (a longer chain is a forgery anyway). */
const MAX_HOPS = 16;

/** A hop's address without the port some proxies add ("1.2.3.4:5678", "[2001:db8::1]:443"). */
function hopAddress(hop: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  const address = bracketed?.[1] ?? withPort?.[1] ?? hop;
  return isIP(address.replace(/%.*$/, "")) ? address : undefined;
}

/**
 * The client's address: the socket peer, unless it is a trusted proxy; then X-Forwarded-For is
 * walked from the right (the entry our proxy appended) past our own proxies, and the first
 * address that is not one of them is the client. Entries further left were written by the
 * client and can be forged. A malformed hop stops the walk at the proxy that appended it.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null,
  proxies: TrustedProxies,
): string {
  let client = peer ?? "unknown";
  if (!forwardedFor || !proxies.trustsPeer(peer)) return client;
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
    .slice(-MAX_HOPS);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hopAddress(hops[i] ?? "");
    if (!hop) return client;
    client = hop;
    if (!proxies.isProxy(hop)) return client;
  }
  return client;
}
