import { isIPv4, isIPv6 } from "node:net";

/**
 * The key under which a client address's sign-in attempts are counted. An IPv6 host usually
 * holds a whole /64 and can pick a new address in it for every request, so the /64 is the
 * unit; an IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, as a dual-stack socket reports IPv4
 * clients) is that IPv4 address. Anything else (an unknown address) is its own key.
 */
export function addressBucketKey(address: string): string {
  const plain = address.trim().toLowerCase();
  if (isIPv4(plain)) return plain;
  const withoutZone = plain.replace(/%.*$/, "");
  if (!isIPv6(withoutZone)) return plain;
  const groups = ipv6Groups(withoutZone);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return [g >> 8, g & 0xff, h >> 8, h & 0xff].join(".");
  }
  return `${[a, b, c, d].map((group) => group.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [o1, o2, o3, o4] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((o1 << 8) | o2).toString(16)}:${((o3 << 8) | o4).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}
