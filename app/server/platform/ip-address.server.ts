import { isIP } from "node:net";

// Client addresses as the HTTP layer sees them (the socket peer, X-Forwarded-For hops), in the
// forms the rate limits and the proxy list compare.

/** The eight 16-bit groups of an IPv6 address (without zone), or undefined for anything else. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 ("::ffff:1.2.3.4") is the last two groups.
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = text
      .slice(lastColon + 1)
      .split(".")
      .map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(zeros).fill("0"), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}

/**
 * An address in the form we compare: an IPv4-mapped IPv6 address ("::ffff:1.2.3.4", what a
 * dual-stack socket reports for an IPv4 client) as the IPv4 address, an IPv6 zone ("%eth0")
 * dropped; anything else as given. Undefined when it is not an IP address.
 */
export function normalizeAddress(address: string): string | undefined {
  const text = address.trim();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6) return undefined;
  const plain = text.replace(/%.*$/, "");
  const groups = ipv6Groups(plain);
  if (groups?.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return plain;
}

/**
 * The key an address is limited under. One IPv6 subscriber gets a whole /64 (and can pick a
 * new address in it for every request), so IPv6 addresses count per /64; IPv4 addresses
 * (including IPv4-mapped IPv6) count one by one. Something that is not an address
 * ("unknown") is its own key.
 */
export function rateLimitKey(address: string): string {
  const normalized = normalizeAddress(address);
  if (normalized === undefined) return address;
  const groups = ipv6Groups(normalized);
  if (!groups) return normalized;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** 127.0.0.0/8 or ::1 (also as an IPv4-mapped IPv6 address): a client on this machine. */
export function isLoopbackAddress(address: string): boolean {
  const normalized = normalizeAddress(address);
  if (normalized === undefined) return false;
  if (isIP(normalized) === 4) return normalized.startsWith("127.");
  const groups = ipv6Groups(normalized);
  return groups?.slice(0, 7).every((group) => group === 0) === true && groups[7] === 1;
}
