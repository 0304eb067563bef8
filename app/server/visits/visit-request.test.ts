import { describe, expect, it } from "vitest";
import { contactTarget, tapCountingAddress } from "~/lib/contact-taps";
import { addDays, dayStartUtc, siteDayTeller } from "~/lib/site-time";
import { deviceClass, INTERNAL_REFERRER } from "~/lib/visit-dimensions";
import { countableRequest, isPublicPagePath, nodeHeaders, pageViewOf } from "./visit-request.server";

// Which requests are page views, and what is kept of them (docs/decisions/0059).

const ORIGIN = "https://www.exemplo-condominio.com.br";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`${ORIGIN}${path}`, { method, headers: { "User-Agent": CHROME, ...headers } });

describe("what counts as a page view", () => {
  it("takes public pages and leaves files, the admin, sign-in and secret links out", () => {
    for (const path of ["/", "/obras", "/blog/um-post", "/contato", "/politica-de-privacidade"]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
    for (const path of [
      "/admin",
      "/ADMIN/posts",
      "/auth",
      "/convite/abc",
      "/redefinir-senha/abc",
      "/blog/previa/abc",
      "/blog.data",
      "/assets/app.css",
      "/blog/rss.xml",
      "/sitemap.xml",
      "/healthz",
      "/contato/whatsapp",
      "/toque",
      "/visita",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });

  it("counts a person's GET, not a bot, a prefetch, a HEAD or a missing User-Agent", () => {
    expect(countableRequest(get("/obras"), "/obras")).toBe(true);
    expect(countableRequest(get("/obras", {}, "HEAD"), "/obras")).toBe(false);
    expect(countableRequest(get("/obras", { "User-Agent": "Googlebot/2.1" }), "/obras")).toBe(false);
    expect(countableRequest(get("/obras", { "User-Agent": "curl/8.5.0" }), "/obras")).toBe(false);
    expect(countableRequest(get("/obras", { "User-Agent": "" }), "/obras")).toBe(false);
    expect(countableRequest(get("/obras", { "Sec-Purpose": "prefetch" }), "/obras")).toBe(false);
    expect(countableRequest(get("/obras", { "Sec-Purpose": "prefetch;prerender" }), "/obras")).toBe(false);
    expect(countableRequest(get("/obras", { Purpose: "prefetch" }), "/obras")).toBe(false);
  });

  it("keeps the page, the campaign, the referrer's host and the device class, never the User-Agent", () => {
    const url = new URL(`${ORIGIN}/obras?utm_source=google&utm_campaign=verao&x=1`);
    const view = pageViewOf(
      new Request(url, {
        headers: { "User-Agent": CHROME, Referer: "https://www.google.com.br/search?q=x" },
      }),
      url,
      "203.0.113.9",
    );
    expect(view).toMatchObject({
      page: "/obras",
      referrerHost: "www.google.com.br",
      utmSource: "google",
      utmMedium: "",
      utmCampaign: "verao",
      device: "computador",
    });
    expect(JSON.stringify(view)).not.toContain("203.0.113.9");
    expect(JSON.stringify(view)).not.toContain("Windows");
    const inside = new URL(`${ORIGIN}/contato`);
    expect(
      pageViewOf(new Request(inside, { headers: { Referer: `${ORIGIN}/obras` } }), inside, "x").referrerHost,
    ).toBe(INTERNAL_REFERRER);
  });
});

describe("the headers as Node parsed them", () => {
  it("give the same verdicts and views as the request's own headers", () => {
    const cases: Record<string, string>[] = [
      {},
      { "User-Agent": "Googlebot/2.1" },
      { "User-Agent": "" },
      { "Sec-Purpose": "prefetch" },
      { Purpose: "prefetch" },
      { Referer: "https://www.google.com.br/search?q=x" },
      { Referer: `${ORIGIN}/obras`, "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148" },
    ];
    const url = new URL(`${ORIGIN}/obras?utm_source=google`);
    const verdicts: boolean[] = [];
    for (const headers of cases) {
      const request = get("/obras?utm_source=google", headers);
      // Node keeps each header once, by its lower-case name.
      const parsed = Object.fromEntries(request.headers);
      const fromNode = nodeHeaders(parsed);
      const verdict = countableRequest(request, "/obras");
      expect(countableRequest(request, "/obras", false, fromNode), JSON.stringify(headers)).toBe(verdict);
      expect(pageViewOf(request, url, "203.0.113.9", fromNode)).toEqual(
        pageViewOf(request, url, "203.0.113.9"),
      );
      verdicts.push(verdict);
    }
    expect(verdicts).toEqual([true, false, false, false, false, true, true]);
  });
});

describe("the vocabulary", () => {
  it("tells phones, tablets and computers apart", () => {
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148")).toBe(
      "celular",
    );
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/142.0 Mobile Safari/537.36")).toBe(
      "celular",
    );
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/142.0 Safari/537.36")).toBe("tablet");
    expect(deviceClass(CHROME)).toBe("computador");
  });

  it("builds the counting address of a page, never with a page's secret", () => {
    expect(tapCountingAddress("whatsapp", "/obras")).toBe("/toque?tipo=whatsapp&de=/obras");
    expect(tapCountingAddress("email", "/blog/um-post")).toBe("/toque?tipo=email&de=/blog/um-post");
    expect(tapCountingAddress("telefone", "/redefinir-senha/Zx81abcDEF")).toBe(
      "/toque?tipo=telefone&de=/redefinir-senha/%3Atoken",
    );
    expect(tapCountingAddress("whatsapp", "/convite/abc")).toBe("/toque?tipo=whatsapp&de=/convite/%3Atoken");
    expect(tapCountingAddress("whatsapp", "/blog/previa/abc")).toBe(
      "/toque?tipo=whatsapp&de=/blog/previa/%3Atoken",
    );
  });

  it("links each kind to the company's real target", () => {
    const site = {
      whatsappDigits: "5541998765432",
      whatsappMessage: "Olá!",
      phoneDigits: "554133334444",
      email: "a@b.com.br",
    };
    expect(contactTarget("whatsapp", site)).toBe("https://wa.me/5541998765432?text=Ol%C3%A1!");
    expect(contactTarget("telefone", site)).toBe("tel:+554133334444");
    expect(contactTarget("email", site)).toBe("mailto:a@b.com.br");
  });

  it("tells the São Paulo day of a time, across midnight", () => {
    const dayOf = siteDayTeller();
    const start = Date.parse(dayStartUtc("2026-11-26"));
    expect(dayOf(start - 1)).toBe("2026-11-25");
    expect(dayOf(start)).toBe("2026-11-26");
    expect(dayOf(Date.parse(dayStartUtc(addDays("2026-11-26", 1))) - 1)).toBe("2026-11-26");
    expect(dayOf(start - 1)).toBe("2026-11-25");
  });
});
