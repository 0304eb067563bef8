import { describe, expect, it } from "vitest";
import { addressBucketKey } from "./address-bucket.server";

describe("addressBucketKey", () => {
  it("keeps an IPv4 address and unwraps an IPv4-mapped IPv6 one", () => {
    expect(addressBucketKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucketKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucketKey("::FFFF:cb00:7109")).toBe("203.0.113.9");
  });

  it("counts a whole IPv6 /64 as one address, however it is written", () => {
    const key = addressBucketKey("2001:db8:aa:bb:1:2:3:4");
    expect(key).toBe("2001:db8:aa:bb::/64");
    expect(addressBucketKey("2001:0DB8:00aa:00bb:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressBucketKey("2001:db8:aa:bb::1%eth0")).toBe(key);
    expect(addressBucketKey("2001:db8:aa:bc::1")).not.toBe(key);
    expect(addressBucketKey("::1")).toBe("0:0:0:0::/64");
    expect(addressBucketKey("64:ff9b::203.0.113.9")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves anything else as it is", () => {
    expect(addressBucketKey("unknown")).toBe("unknown");
  });
});
