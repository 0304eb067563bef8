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

for (const colorScheme of ["light", "dark"] as const) {
  for (const path of pages) {
    test(`${path} in ${colorScheme} mode has no serious or critical axe violation`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      // Open every disclosure so its content is scanned too.
      await page.locator("details[data-disclosure]").evaluateAll((all) => {
        for (const d of all) (d as HTMLDetailsElement).open = true;
      });
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
}
