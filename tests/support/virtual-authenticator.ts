import type { Page } from "@playwright/test";

/**
 * A passkey-capable authenticator for this page, through the DevTools protocol: the phone or
 * laptop that would hold the passkey, which says yes to every user-verification prompt.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}
