import type { Page } from "@playwright/test";

/**
 * A passkey-capable authenticator for this page, through the DevTools protocol: the phone or
 * laptop that would hold the passkey, which says yes to every user-verification prompt. With
 * `userVerification: false` it is a security key without PIN or biometrics: it proves presence
 * only (flags 0x01).
 */
export async function addVirtualAuthenticator(
  page: Page,
  { userVerification = true }: { userVerification?: boolean } = {},
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: userVerification,
      isUserVerified: userVerification,
    },
  });
}
