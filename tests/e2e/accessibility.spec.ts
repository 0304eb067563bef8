import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "../support/axe";
import { demoArticlePath, demoCategoryPath, demoWorkPath, publicPages } from "../support/pages";

const pages = [
  ...publicPages.map((p) => p.path),
  demoArticlePath,
  demoCategoryPath,
  demoWorkPath,
  "/politica-de-privacidade",
  "/pagina-inexistente",
];

// Light, then dark: the colour scheme is CSS only, so the page switches in place.
for (const path of pages) {
  test(`${path} in light and dark mode has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(path);
    // Open every disclosure so its content is scanned too.
    await page.locator("details[data-disclosure]").evaluateAll((all) => {
      for (const d of all) (d as HTMLDetailsElement).open = true;
    });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousAxeViolations(page), `${colorScheme} mode`).toEqual([]);
    }
  });
}
