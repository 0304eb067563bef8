import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signInOverHttp } from "./admin-auth";
import { openE2eDatabase } from "./db";

/** The serious and critical WCAG 2.1 A/AA and best-practice violations axe finds on the page. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A colour scheme just switched starts the colour transitions (`transition-colors`): axe must
  // see the colours where they end, not half-way (a contrast it would wrongly report).
  // Endless ones (a spinner) never finish: only the finite ones count, for 2 s at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().iterations ?? 1))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(" | ")}`,
    );
}

/**
 * One test per admin page and colour scheme: signed in, the page's heading shows and axe finds
 * no serious or critical violation. `<id>` in a path becomes the id of the first row (by
 * position) of `table`, read when the test runs.
 */
export function adminPagesPassAxe(paths: readonly string[], table?: "works" | "services"): void {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const target of paths) {
      test(`${target} in ${colorScheme} mode has no serious or critical axe violation`, async ({ page }) => {
        let path = target;
        if (target.includes("<id>") && table) {
          const db = await openE2eDatabase();
          try {
            const row = await db.db
              .selectFrom(table)
              .select("id")
              .orderBy("position")
              .executeTakeFirstOrThrow();
            path = target.replace("<id>", row.id);
          } finally {
            await db.close();
          }
        }
        await page.emulateMedia({ colorScheme });
        await signInOverHttp(page.request);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  }
}
