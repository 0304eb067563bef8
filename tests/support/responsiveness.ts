import { expect, type Locator, type Page } from "@playwright/test";

// Whether a page still answers while someone uses it: a render loop keeps the main thread busy
// for good, so `evaluate` never returns and no input, scroll or paint happens. Each step of a
// test is followed by a check that the page answers within a second and that the browser saw
// no task on the main thread longer than a second since the page loaded.

/** How long a page may take to answer, and the longest task it may run. */
export const RESPONSIVE_WITHIN_MS = 1_000;

declare global {
  interface Window {
    __longTasks?: number[];
  }
}

/**
 * Record the page's long tasks (over 50 ms, the browser's own threshold) from its first script
 * on, in every document it loads. Call before the first `goto`.
 */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
}

/**
 * The page answers within a second, and none of its tasks so far took a second or more.
 * `step` names what was just done, for the failure message.
 */
export async function expectResponsive(page: Page, step: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const frozen = new Promise<"frozen">((resolve) => {
    timer = setTimeout(() => resolve("frozen"), RESPONSIVE_WITHIN_MS);
  });
  const answer = await Promise.race([
    page.evaluate(() => window.__longTasks ?? null).catch((error: Error) => error),
    frozen,
  ]).finally(() => clearTimeout(timer));
  if (answer === "frozen") {
    throw new Error(`the page did not answer within ${RESPONSIVE_WITHIN_MS} ms after: ${step}`);
  }
  if (answer instanceof Error) throw answer;
  if (answer === null) throw new Error("long tasks are not recorded: call recordLongTasks before goto");
  const longest = Math.max(0, ...answer);
  expect(longest, `a task of ${Math.round(longest)} ms ran on the main thread by: ${step}`).toBeLessThan(
    RESPONSIVE_WITHIN_MS,
  );
}

/**
 * Type one character at the end of a text field without waiting on the page (`fill` and
 * `pressSequentially` wait for the page and would hang on a frozen one), then check that the
 * page still answers: the browser queues the key events even when the page is busy, and the
 * check is what tells whether the page handled them.
 */
export async function typeOneCharacter(page: Page, field: Locator, step: string, character = "a") {
  await field.focus({ timeout: 5_000 });
  void page.keyboard
    .press("Control+End")
    .then(() => page.keyboard.type(character))
    .catch(() => {});
  await expectResponsive(page, step);
}
