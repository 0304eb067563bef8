import { describe, expect, it } from "vitest";
import { clientAddress, trustProxyFromEnv } from "./client-address.server";

describe("clientAddress", () => {
  it("uses the socket unless a proxy is trusted", () => {
    expect(clientAddress("10.0.0.5", "1.2.3.4", false)).toBe("10.0.0.5");
    expect(clientAddress(undefined, null, false)).toBe("unknown");
  });
  it("believes only the entry the trusted proxy appended", () => {
    expect(clientAddress("127.0.0.1", "6.6.6.6, 200.1.2.3", true)).toBe("200.1.2.3");
    expect(clientAddress("127.0.0.1", "", true)).toBe("127.0.0.1");
  });
  it("reads TRUST_PROXY", () => {
    expect(trustProxyFromEnv({ TRUST_PROXY: "1" })).toBe(true);
    expect(trustProxyFromEnv({ TRUST_PROXY: "true" })).toBe(true);
    expect(trustProxyFromEnv({})).toBe(false);
  });
});
