import { describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { siteFromEnv } from "./company-defaults.server";

describe("siteFromEnv", () => {
  it("uses the demo company when nothing is set", () => {
    expect(siteFromEnv({})).toEqual(defaultSite);
  });

  it("applies overrides and trims the public URL's trailing slash", () => {
    const site = siteFromEnv({
      PUBLIC_URL: "https://www.exemplo.com.br/",
      SITE_NAME: "Outra Engenharia",
      SITE_PHONE_DIGITS: "554130001234",
      SITE_EMAIL: "ola@exemplo.com.br",
      HERO_VIDEO_URL: "/media/hero.mp4",
    });
    expect(site.publicUrl).toBe("https://www.exemplo.com.br");
    expect(site.name).toBe("Outra Engenharia");
    expect(site.phoneDigits).toBe("554130001234");
    // WhatsApp follows the phone unless set on its own.
    expect(site.whatsappDigits).toBe("554130001234");
    expect(site.heroVideoUrl).toBe("/media/hero.mp4");
  });

  it("derives the phone's digits from the phone as visitors read it, with Brazil's code", () => {
    const site = siteFromEnv({ SITE_PHONE_DISPLAY: "(41) 3030-4040" });
    expect(site.phoneDisplay).toBe("(41) 3030-4040");
    expect(site.phoneDigits).toBe("554130304040");
    expect(site.whatsappDigits).toBe("554130304040");
    // Digits given on their own still win, for a number no rule can read.
    expect(
      siteFromEnv({ SITE_PHONE_DISPLAY: "0800 123 4567", SITE_PHONE_DIGITS: "5508001234567" }).phoneDigits,
    ).toBe("5508001234567");
    expect(() => siteFromEnv({ SITE_PHONE_DISPLAY: "0800 123 4567" })).toThrow(/SITE_PHONE_DISPLAY/);
  });

  it("without PUBLIC_URL, addresses this machine on the server's own port", () => {
    expect(siteFromEnv({ PORT: "3100" }).publicUrl).toBe("http://localhost:3100");
    expect(siteFromEnv({ PORT: "3100", PUBLIC_URL: "https://www.exemplo.com.br" }).publicUrl).toBe(
      "https://www.exemplo.com.br",
    );
    // Any free port (tests): nothing better to say than the default.
    expect(siteFromEnv({ PORT: "0" }).publicUrl).toBe(defaultSite.publicUrl);
  });

  it("ignores empty variables", () => {
    expect(siteFromEnv({ SITE_NAME: "  ", PUBLIC_URL: "" }).name).toBe(defaultSite.name);
  });

  it("refuses malformed values, naming the variable", () => {
    expect(() => siteFromEnv({ SITE_PHONE_DIGITS: "(41) 9999" })).toThrow(/SITE_PHONE_DIGITS/);
    expect(() => siteFromEnv({ PUBLIC_URL: "ftp://x" })).toThrow(/PUBLIC_URL/);
    expect(() => siteFromEnv({ SITE_EMAIL: "not-an-email" })).toThrow(/SITE_EMAIL/);
  });
});
