import { expect, type Locator } from "@playwright/test";
import { type ContactKind, contactTargets, tapPing } from "./pages";

/**
 * A contact link as the visitor's browser has it: its `href` is the company's real target
 * (`target`, the demo company's unless given), and the tap is counted by its `ping` to the
 * counting address of the page it is on.
 */
export async function expectContactLink(
  link: Locator,
  kind: ContactKind,
  page: string,
  target: string = contactTargets[kind],
): Promise<void> {
  await expect(link).toHaveAttribute("href", target);
  await expect(link).toHaveAttribute("ping", tapPing(kind, page));
}
