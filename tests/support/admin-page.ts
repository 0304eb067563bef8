import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { E2E_ADMIN, E2E_PUBLIC_URL, signInOverHttp } from "./admin-auth";

// The browser side of the admin in end-to-end tests: pages of their own (own cookies), signed in
// or not, the notifications the admin shows, and the single-use links its e-mails carry.

/** A page in a browser context of its own, on `baseURL`, signed in as nobody. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL });
  return context.newPage();
}

export interface SignedInPageOptions extends Pick<BrowserContextOptions, "javaScriptEnabled" | "userAgent"> {
  /** The account (the e2e admin unless told). */
  email?: string;
  password?: string;
}

/**
 * A page in a browser context of its own, signed in through the real sign-in endpoint: the
 * session cookie is the context's, so the page and its `request` both use it.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  { email = E2E_ADMIN.email, password = E2E_ADMIN.password, ...options }: SignedInPageOptions = {},
): Promise<Page> {
  const page = await newPage(browser, baseURL, options);
  await signInOverHttp(page.request, { baseUrl: baseURL, email, password });
  return page;
}

/** Wait until React has hydrated the admin page: typing into it before then can be lost. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // React hydrates the whole document at once: any form tells (the shell's 'Sair' is one).
    const form = document.querySelector("form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
  });
}

/** The admin's notification (a toast or an inline message) holding `text`, success or error. */
export const toast = (page: Page, text: string) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

const publicUrlPattern = E2E_PUBLIC_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The path of the single-use link under `prefix` ("/convite", "/redefinir-senha") in a message:
 * the e-mail names the site's public address, which is not the test server's.
 */
export function linkPath(text: string, prefix: string): string {
  const match = new RegExp(`${publicUrlPattern}(${prefix}/[A-Za-z0-9_-]{43})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in:\n${text}`);
  return match[1];
}
