import { expect, test } from "../support/own-site";
import { contactHref, whatsappHref } from "../support/pages";

// Tapping WhatsApp on a public page: the site counts the tap (with the page and the visit's
// campaign) and the visitor lands on the company's wa.me conversation, in a new tab as before.
// wa.me itself is answered here: nothing goes to the internet. A site of its own, so the counts
// are this test's alone.

const CAMPAIGN = "utm_source=instagram&utm_medium=social&utm_campaign=fachadas-verao";

test("tapping the WhatsApp link counts the tap and lands on wa.me", async ({ ownSite, browser }) => {
  const context = await browser.newContext();
  const reachedWhatsapp: string[] = [];
  await context.route("https://wa.me/**", (route) => {
    reachedWhatsapp.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" });
  });
  try {
    const page = await context.newPage();
    await page.goto(`${ownSite.url}/obras?${CAMPAIGN}`);
    const link = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");
    // With JavaScript the landing page's campaign rides on the link; without, the Referer says it.
    await expect(link).toHaveAttribute("href", `${contactHref("whatsapp", "/obras")}&${CAMPAIGN}`);

    const [conversation] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await conversation.waitForURL("https://wa.me/**");
    expect(conversation.url()).toBe(whatsappHref);
    expect(reachedWhatsapp).toEqual([whatsappHref]);

    // The counters are written every few seconds.
    await expect
      .poll(
        async () =>
          ownSite.db
            .selectFrom("contact_taps")
            .select(["kind", "page", "utm_source", "utm_medium", "utm_campaign", "taps"])
            .execute(),
        { timeout: 15_000 },
      )
      .toEqual([
        {
          kind: "whatsapp",
          page: "/obras",
          utm_source: "instagram",
          utm_medium: "social",
          utm_campaign: "fachadas-verao",
          taps: 1,
        },
      ]);
    const views = await ownSite.db
      .selectFrom("visit_counts")
      .select(["page", "utm_campaign", "device", "views"])
      .execute();
    expect(views).toEqual([
      { page: "/obras", utm_campaign: "fachadas-verao", device: "computador", views: 1 },
    ]);
  } finally {
    await context.close();
  }
});
