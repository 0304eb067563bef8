import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signInOverHttp } from "./admin-auth";
import { openE2eDatabase } from "./db";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "./e2e-env";

/** The serious and critical WCAG 2.1 A/AA and best-practice violations axe finds on the page. */
export function seriousAxeViolations(page: Page): Promise<string[]> {
  return axeViolations(page, ["serious", "critical"]);
}

type AxeImpact = "minor" | "moderate" | "serious" | "critical";

/** The WCAG 2.1 A/AA and best-practice violations of these impacts (every one unless told). */
export async function axeViolations(
  page: Page,
  impacts: readonly AxeImpact[] = ["minor", "moderate", "serious", "critical"],
): Promise<string[]> {
  // Markup is the same on both engines: every scan runs in the SQLite pass, including those
  // inside a journey that the PostgreSQL pass runs for its store (docs/testing.md, "Which tests run where").
  if (e2eOnPostgres) {
    test.info().annotations.push({ type: "axe", description: SAME_ON_BOTH_ENGINES });
    return [];
  }
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
  // Legacy mode runs axe in the page itself instead of gathering each frame's partial results
  // in a new blank page, and only violations are sent back: half the time per scan. What it
  // gives up, cross-origin frames, no page of the site has.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => impacts.includes(v.impact as AxeImpact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(" | ")}`,
    );
}

/**
 * One test per admin page: signed in, the page's heading shows and axe finds no serious or
 * critical violation, in light mode and then in dark mode (the colour scheme is CSS only, so
 * the page switches in place). `<id>` in a path becomes the id of the first row (by position)
 * of `table`, read when the test runs.
 */
export function adminPagesPassAxe(paths: readonly string[], table?: "works" | "services"): void {
  for (const target of paths) {
    test(`${target} in light and dark mode has no serious or critical axe violation`, async ({ page }) => {
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
      await signInOverHttp(page.request);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await seriousAxeViolations(page), `${colorScheme} mode`).toEqual([]);
      }
    });
  }
}
