import { type RefObject, useEffect } from "react";

// After a refused save the page shows each message at its field; with JavaScript, the first
// of them also takes the focus and comes into view (centred: clear of the sticky save bar), so
// on a phone the owner lands on what to fix instead of reading a toast about a field far up or
// down the form.

/** A group (a gallery, a picture) whose message is its own: focused when no single field is. */
export const INVALID_GROUP = { "data-invalid-group": true, tabIndex: -1 } as const;

/** What can take the focus inside a group marked invalid (an image field's fieldset). */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function firstInvalid(root: HTMLElement): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) return invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  return root.querySelector<HTMLElement>("[data-invalid-group]");
}

/**
 * Focus the first invalid field in `container` (in the order the form shows them) each time a
 * new `failure` arrives: each refusal is a new object, so a second refused save moves again.
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, failure: unknown): void {
  useEffect(() => {
    if (!failure || !container.current) return;
    const first = firstInvalid(container.current);
    if (!first) return;
    first.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    first.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }, [container, failure]);
}
