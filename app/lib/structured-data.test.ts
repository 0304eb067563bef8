import { describe, expect, it } from "vitest";
import { defaultSite } from "~/lib/company-settings";
import { jsonLdScript, localBusinessJsonLd, localBusinessJsonLdScript } from "./structured-data";

describe("localBusinessJsonLd", () => {
  it("describes the business with address, phone and hours", () => {
    const data = localBusinessJsonLd(defaultSite);
    expect(data.telephone).toBe("+5541998765432");
    expect(data.address.postalCode).toBe("82305-100");
    expect(data.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "08:00", closes: "12:00" },
    ]);
    expect(data.address.streetAddress).toBe("Rodovia BR-277, km 2, nº 1500 – Orleans");
    expect(data).not.toHaveProperty("sameAs");
  });

  it("names the WhatsApp the chat buttons open, and the social profiles", () => {
    const data = localBusinessJsonLd({
      ...defaultSite,
      whatsappDigits: "5541912345678",
      social: { ...defaultSite.social, instagram: "https://www.instagram.com/alvorada" },
    });
    expect(data.contactPoint).toMatchObject({
      telephone: "+5541912345678",
      url: "https://wa.me/5541912345678",
    });
    expect(data.sameAs).toEqual(["https://www.instagram.com/alvorada"]);
  });
});

describe("jsonLdScript", () => {
  it("cannot close the surrounding script element", () => {
    const out = jsonLdScript({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("</script>");
    expect(JSON.parse(out).name).toBe("</script><script>alert(1)</script>");
  });
});

describe("localBusinessJsonLdScript", () => {
  it("is the business's JSON-LD as script text, and follows new company facts", () => {
    expect(localBusinessJsonLdScript(defaultSite)).toBe(jsonLdScript(localBusinessJsonLd(defaultSite)));
    const moved = { ...defaultSite, name: "Outra Engenharia" };
    expect(localBusinessJsonLdScript(moved)).toContain('"name":"Outra Engenharia"');
    expect(localBusinessJsonLdScript(defaultSite)).not.toContain("Outra Engenharia");
  });
});
