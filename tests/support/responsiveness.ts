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
    __longTaskObserver?: PerformanceObserver;
  }
}

/**
 * Record the page's long tasks (over 50 ms, the browser's own threshold) from its first script
 * on, in every document it loads. Call before the first `goto`.
 */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__longTasks = [];
    window.__longTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
    });
    window.__longTaskObserver.observe({ type: "longtask", buffered: true });
  });
}

/**
 * Forget the long tasks recorded so far: the checks after it are about what the owner does
 * next, not about how long the page took to load on a busy machine.
 */
export async function forgetLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__longTaskObserver?.takeRecords();
    window.__longTasks = [];
  });
}

/** `work`'s result, or "frozen" when it takes longer than the page may take to answer. */
async function withinResponsiveTime<T>(work: Promise<T>): Promise<T | "frozen"> {
  let timer: NodeJS.Timeout | undefined;
  const frozen = new Promise<"frozen">((resolve) => {
    timer = setTimeout(() => resolve("frozen"), RESPONSIVE_WITHIN_MS);
  });
  return Promise.race([work, frozen]).finally(() => clearTimeout(timer));
}

const frozenAfter = (step: string) =>
  new Error(`the page did not answer within ${RESPONSIVE_WITHIN_MS} ms after: ${step}`);

/**
 * The page answers within a second, and none of its tasks so far took a second or more.
 * `step` names what was just done, for the failure message.
 */
export async function expectResponsive(page: Page, step: string): Promise<void> {
  const answer = await withinResponsiveTime(
    page
      .evaluate(() => {
        // The observer's callback runs a moment after a long task: take what it has not
        // delivered yet. (A task run by `evaluate` itself is not reported as a long task.)
        for (const entry of window.__longTaskObserver?.takeRecords() ?? []) {
          window.__longTasks?.push(entry.duration);
        }
        return window.__longTasks ?? null;
      })
      .catch((error: Error) => error),
  );
  if (answer === "frozen") throw frozenAfter(step);
  if (answer instanceof Error) throw answer;
  if (answer === null) throw new Error("long tasks are not recorded: call recordLongTasks before goto");
  const longest = Math.max(0, ...answer);
  expect(longest, `a task of ${Math.round(longest)} ms ran on the main thread by: ${step}`).toBeLessThan(
    RESPONSIVE_WITHIN_MS,
  );
}

/**
 * Type one character at the end of a text field, then check that the page still answers. The
 * keys are sent without Playwright's waits for the page (`fill` would hang on a frozen one);
 * the browser tells when the page has handled each key, and that must take under a second.
 */
export async function typeOneCharacter(page: Page, field: Locator, step: string, character = "a") {
  await field.focus({ timeout: 5_000 });
  const typed = await withinResponsiveTime(
    page.keyboard.press("Control+End").then(() => page.keyboard.type(character)),
  );
  if (typed === "frozen") throw frozenAfter(step);
  await expectResponsive(page, step);
}
