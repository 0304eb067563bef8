import { type RefObject, useEffect } from "react";

// After a refused save the page shows each message at its field; with JavaScript, the first
// of them also takes the focus and comes into view, so on a phone the owner lands on what to fix
// instead of reading a toast about a field far up or down the form.

/** A group (a gallery, a picture) whose message is its own: focused when no single field is. */
export const INVALID_GROUP = { "data-invalid-group": true, tabIndex: -1 } as const;

/** Focus the first invalid field in `container` each time a new `failure` arrives. */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, failure: unknown): void {
  useEffect(() => {
    if (!failure) return;
    const root = container.current;
    const first =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root?.querySelector<HTMLElement>("[data-invalid-group]");
    if (!first) return;
    first.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    first.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  }, [container, failure]);
}
