import { describe, expect, it } from "vitest";
import { normalizeAddress, rateLimitKey } from "./ip-address.server";

describe("rateLimitKey", () => {
  it("leaves IPv4 addresses unchanged", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(rateLimitKey("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(rateLimitKey("::FFFF:1.2.3.4")).toBe("1.2.3.4");
    expect(rateLimitKey("0:0:0:0:0:ffff:0102:0304")).toBe("1.2.3.4");
  });

  it("groups IPv6 addresses per /64, whatever the spelling", () => {
    const key = rateLimitKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const same of [
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF",
      "2001:db8:1:2:abcd::9",
      "2001:db8:1:2::",
      "2001:db8:1:2:0:0:1.2.3.4",
      "2001:db8:1:2::1%eth0",
    ])
      expect(rateLimitKey(same), same).toBe(key);
    expect(rateLimitKey("2001:db8:1:3::1")).not.toBe(key);
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps something that is not an address as its own key", () => {
    expect(rateLimitKey("unknown")).toBe("unknown");
  });
});

describe("normalizeAddress", () => {
  it("gives the comparable form of an address, or undefined", () => {
    expect(normalizeAddress(" 10.0.0.1 ")).toBe("10.0.0.1");
    expect(normalizeAddress("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(normalizeAddress("1.2.3.4:80")).toBeUndefined();
    expect(normalizeAddress("exemplo.com.br")).toBeUndefined();
  });
});
