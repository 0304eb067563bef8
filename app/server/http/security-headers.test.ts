import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.server";

describe("contentSecurityPolicy", () => {
  it("puts each response's nonce into the same policy", () => {
    const first = contentSecurityPolicy("bm9uY2UtMQ==", false);
    const second = contentSecurityPolicy("bm9uY2UtMg==", false);
    expect(first).toBe(
      "default-src 'self'; script-src 'self' 'nonce-bm9uY2UtMQ=='; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; media-src 'self'; font-src 'self'; connect-src 'self'; " +
        "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(second).toBe(first.replace("bm9uY2UtMQ==", "bm9uY2UtMg=="));
  });

  it("adds the allowed script hashes and, over HTTPS, the upgrade directive", () => {
    const hashes = ["'sha256-abc='", "'sha256-def='"];
    const policy = contentSecurityPolicy("bm9uY2U=", true, hashes);
    expect(policy).toContain("script-src 'self' 'nonce-bm9uY2U=' 'sha256-abc=' 'sha256-def=';");
    expect(policy.endsWith("; upgrade-insecure-requests")).toBe(true);
    // The variants built before do not leak into one another.
    expect(contentSecurityPolicy("bm9uY2U=", false, hashes)).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy("bm9uY2U=", true)).not.toContain("sha256");
  });

  it("sends HSTS when the site or the request is HTTPS; upgrades links only on an HTTPS request", () => {
    const hsts = (httpsRequest: boolean, httpsSite: boolean) =>
      securityHeaders("bm9uY2U=", { httpsRequest, httpsSite })["Strict-Transport-Security"];
    expect(hsts(true, false)).toContain("max-age=");
    expect(hsts(false, true)).toContain("max-age=");
    expect(hsts(false, false)).toBeUndefined();
    const csp = (httpsRequest: boolean) =>
      securityHeaders("bm9uY2U=", { httpsRequest, httpsSite: true })["Content-Security-Policy"];
    expect(csp(false)).not.toContain("upgrade-insecure-requests");
    expect(csp(true)).toContain("upgrade-insecure-requests");
  });
});
