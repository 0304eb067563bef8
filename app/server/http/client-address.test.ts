import { describe, expect, it } from "vitest";
import { configurationFrom } from "../config/configuration.server";
import {
  clientAddress,
  trustedProxies,
  trustProxyEnabled,
  withoutUntrustedForwarding,
} from "../platform/client-address.server";

const setting = (value?: string) => configurationFrom({ TRUST_PROXY: value }).trustProxy;
const proxies = (value?: string) => trustedProxies(setting(value));
const trustProxyFromEnv = ({ TRUST_PROXY }: { TRUST_PROXY?: string }) =>
  trustProxyEnabled(setting(TRUST_PROXY));

describe("TRUST_PROXY", () => {
  it("trusts nobody when unset, empty or off", () => {
    for (const value of [undefined, "", "  ", "0", "false", "no", "OFF"]) {
      const trusted = proxies(value);
      expect(trusted.enabled, String(value)).toBe(false);
      expect(trusted.trustsPeer("127.0.0.1")).toBe(false);
      expect(trustProxyFromEnv({ TRUST_PROXY: value })).toBe(false);
    }
  });

  it("keeps 1/true/yes/on: any peer is the proxy", () => {
    for (const value of ["1", "true", "yes", "on", "TRUE"]) {
      const trusted = proxies(value);
      expect(trusted.enabled).toBe(true);
      expect(trusted.trustsPeer("203.0.113.9")).toBe(true);
      expect(trustProxyFromEnv({ TRUST_PROXY: value })).toBe(true);
    }
  });

  it("accepts addresses and CIDR ranges, IPv4 and IPv6, comma-separated", () => {
    const trusted = proxies(" 127.0.0.1, 10.0.0.0/8 ,::1,2001:db8:aa::/48,::ffff:192.0.2.7");
    expect(trusted.enabled).toBe(true);
    expect(trustProxyFromEnv({ TRUST_PROXY: "10.0.0.0/8" })).toBe(true);
    for (const peer of [
      "127.0.0.1",
      "::ffff:127.0.0.1",
      "10.0.0.1",
      "10.255.1.2",
      "::1",
      "0:0:0:0:0:0:0:1",
      "2001:db8:aa:ffff::1",
      "192.0.2.7",
    ])
      expect(trusted.trustsPeer(peer), peer).toBe(true);
    for (const peer of [undefined, "127.0.0.2", "11.0.0.1", "::2", "2001:db8:ab::1", "192.0.2.8", "unknown"])
      expect(trusted.trustsPeer(peer), String(peer)).toBe(false);
  });

  it.each([
    "proxy.local",
    "127.0.0.1,",
    "10.0.0.0/33",
    "::1/129",
    "10.0.0.0/abc",
    "10.0.0.0/8/8",
    "256.0.0.1",
    "2",
    "127.0.0.1;10.0.0.1",
  ])("refuses %j with a pt-BR message naming TRUST_PROXY", (value) => {
    expect(() => proxies(value)).toThrow(/TRUST_PROXY: .*não é um endereço IP nem uma faixa CIDR/);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe("clientAddress", () => {
  it("uses the socket peer when no proxy is trusted", () => {
    expect(clientAddress("10.0.0.5", "1.2.3.4", proxies())).toBe("10.0.0.5");
    expect(clientAddress(undefined, null, proxies())).toBe("unknown");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    const trusted = proxies("10.0.0.1");
    expect(clientAddress("127.0.0.1", "1.2.3.4", trusted)).toBe("127.0.0.1");
    expect(clientAddress("10.0.0.2", "1.2.3.4", trusted)).toBe("10.0.0.2");
  });

  it("believes a trusted peer, walking from the right past our own proxies", () => {
    const trusted = proxies("127.0.0.1,10.0.0.0/8,::1");
    expect(clientAddress("127.0.0.1", "1.2.3.4", trusted)).toBe("1.2.3.4");
    // The client wrote 6.6.6.6 itself; our proxies appended the rest.
    expect(clientAddress("127.0.0.1", "6.6.6.6, 200.1.2.3, 10.1.1.1, 10.2.2.2", trusted)).toBe("200.1.2.3");
    expect(clientAddress("::1", "2001:db8::7,10.0.0.3", trusted)).toBe("2001:db8::7");
    expect(clientAddress("::ffff:127.0.0.1", "200.1.2.3", trusted)).toBe("200.1.2.3");
    // Only proxies on the way: the furthest one is the client (a request from inside).
    expect(clientAddress("127.0.0.1", "10.0.0.9, 10.0.0.8", trusted)).toBe("10.0.0.9");
    // Ports some proxies add are dropped.
    expect(clientAddress("127.0.0.1", "200.1.2.3:5678", trusted)).toBe("200.1.2.3");
    expect(clientAddress("127.0.0.1", "[2001:db8::9]:443", trusted)).toBe("2001:db8::9");
    expect(clientAddress("127.0.0.1", "", trusted)).toBe("127.0.0.1");
  });

  it("stops at a malformed hop: the proxy that appended it is limited instead", () => {
    const trusted = proxies("127.0.0.1,10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "1.2.3.4, garbage", trusted)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "1.2.3.4, <script>, 10.0.0.4", trusted)).toBe("10.0.0.4");
  });

  it("with TRUST_PROXY=1 takes the last entry, the one our proxy appended", () => {
    expect(clientAddress("127.0.0.1", "6.6.6.6, 200.1.2.3", proxies("1"))).toBe("200.1.2.3");
    expect(clientAddress("127.0.0.1", "", proxies("1"))).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "x".repeat(100), proxies("1"))).toBe("127.0.0.1");
  });
});

describe("withoutUntrustedForwarding", () => {
  const forwarded = () =>
    new Request("http://site.test/", {
      headers: { "X-Forwarded-For": "1.2.3.4", "X-Forwarded-Proto": "https", Accept: "text/html" },
    });

  it("removes the forwarded headers a peer that is not our proxy sent", () => {
    const request = forwarded();
    withoutUntrustedForwarding(request, "127.0.0.2", proxies("127.0.0.1"));
    expect(request.headers.get("x-forwarded-for")).toBeNull();
    expect(request.headers.get("x-forwarded-proto")).toBeNull();
    expect(request.headers.get("accept")).toBe("text/html");
  });

  it("keeps them from a trusted proxy, and leaves them alone when nobody is trusted", () => {
    for (const [peer, value] of [
      ["127.0.0.1", "127.0.0.1"],
      ["203.0.113.1", "1"],
      ["127.0.0.1", undefined],
    ] as const) {
      const request = forwarded();
      withoutUntrustedForwarding(request, peer, proxies(value));
      expect(request.headers.get("x-forwarded-for")).toBe("1.2.3.4");
      expect(request.headers.get("x-forwarded-proto")).toBe("https");
    }
  });
});
