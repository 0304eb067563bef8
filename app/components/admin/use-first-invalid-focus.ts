import { type RefObject, useEffect } from "react";

/**
 * After a refused save, the first field marked invalid gets the focus and comes into view
 * (centred: clear of the sticky save bar), so the owner lands on what to fix instead of
 * looking for it in a long form. `failure` is the action's answer: each new one moves again.
 */
export function useFirstInvalidFocus(form: RefObject<HTMLFormElement | null>, failure: unknown): void {
  useEffect(() => {
    if (!failure) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: "center" });
  }, [form, failure]);
}
