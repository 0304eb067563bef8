import { describe, expect, it } from "vitest";
import { crossSiteRefusal, FOREIGN_ORIGIN_MESSAGE, MISSING_ORIGIN_MESSAGE } from "./cross-site.server";

// The site as the e2e tests run it: an https public address, reached at http://127.0.0.1:4401.
// Read on first use, so setting it before any test runs is enough.
process.env.PUBLIC_URL = "https://www.exemplo-condominio.com.br";
const LOCAL = "http://127.0.0.1:4401";
const SESSION = { Cookie: "tema=escuro; __Host-sid=um-token-qualquer" };

function post(headers: Record<string, string>, method = "POST"): Request {
  return new Request(`${LOCAL}/admin`, { method, headers: { Host: "127.0.0.1:4401", ...headers } });
}

describe("crossSiteRefusal (CSRF)", () => {
  it("lets reads through", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(crossSiteRefusal(post({ ...SESSION, Origin: "https://evil.example" }, method))).toBeUndefined();
    }
  });

  it("with a session cookie: needs Origin, or Sec-Fetch-Site: same-origin", () => {
    expect(crossSiteRefusal(post(SESSION))).toBe(MISSING_ORIGIN_MESSAGE);
    expect(crossSiteRefusal(post({ ...SESSION, Referer: `${LOCAL}/admin` }))).toBe(MISSING_ORIGIN_MESSAGE);
    expect(crossSiteRefusal(post({ ...SESSION, "Sec-Fetch-Site": "same-site" }))).toBe(
      MISSING_ORIGIN_MESSAGE,
    );
    expect(crossSiteRefusal(post({ ...SESSION, "Sec-Fetch-Site": "cross-site" }))).toBe(
      MISSING_ORIGIN_MESSAGE,
    );
    expect(crossSiteRefusal(post({ ...SESSION, "Sec-Fetch-Site": "same-origin" }))).toBeUndefined();
    expect(crossSiteRefusal(post({ ...SESSION, Origin: LOCAL }))).toBeUndefined();
    expect(
      crossSiteRefusal(post({ ...SESSION, Origin: "https://www.exemplo-condominio.com.br" })),
    ).toBeUndefined();
  });

  it("compares whole origins: another scheme or port of the same host is foreign", () => {
    for (const origin of [
      "http://evil.example",
      "https://127.0.0.1:4401",
      "http://127.0.0.1:4402",
      "http://127.0.0.1",
      "http://www.exemplo-condominio.com.br",
      "https://www.exemplo-condominio.com.br:8443",
      "https://exemplo-condominio.com.br",
      "null",
      "não é um endereço",
    ]) {
      expect(crossSiteRefusal(post({ ...SESSION, Origin: origin })), origin).toBe(FOREIGN_ORIGIN_MESSAGE);
      expect(crossSiteRefusal(post({ Origin: origin })), `${origin} without a session`).toBe(
        FOREIGN_ORIGIN_MESSAGE,
      );
    }
  });

  it("without a session cookie a request that names no origin passes (old browsers' plain forms)", () => {
    expect(crossSiteRefusal(post({}))).toBeUndefined();
    expect(crossSiteRefusal(post({ Referer: `${LOCAL}/contato` }))).toBeUndefined();
    expect(
      crossSiteRefusal(post({ Referer: "https://www.exemplo-condominio.com.br/contato" })),
    ).toBeUndefined();
    expect(crossSiteRefusal(post({ Referer: "https://evil.example/pagina" }))).toBe(FOREIGN_ORIGIN_MESSAGE);
    expect(crossSiteRefusal(post({ Referer: "https://127.0.0.1:4401/contato" }))).toBe(
      FOREIGN_ORIGIN_MESSAGE,
    );
    // A cookie of another name (the plain-http site's `sid`) is not this site's session.
    expect(crossSiteRefusal(post({ Cookie: "sid=um-token-qualquer" }))).toBeUndefined();
  });
});
