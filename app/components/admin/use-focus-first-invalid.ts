import { type RefObject, useEffect } from "react";

/** What can take the focus inside a group marked invalid (an image field's fieldset). */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * After a save the server refused with field errors, the first field marked invalid (in the
 * order the form shows them) gets the focus and is scrolled to the middle of the screen, so
 * a long form never leaves its error out of sight. `errors` is the refusal's field errors:
 * each refusal is a new object, so a second refused save moves the focus again.
 */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  errors: object | undefined,
): void {
  useEffect(() => {
    if (!errors) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches(FOCUSABLE) ? invalid : invalid?.querySelector<HTMLElement>(FOCUSABLE);
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }, [formRef, errors]);
}
