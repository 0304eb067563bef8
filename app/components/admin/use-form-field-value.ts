import { type RefObject, useCallback, useSyncExternalStore } from "react";

/** The value of a form's text field by name, or "" when it has none. */
function namedValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
}

/**
 * The live value of another field of the form that holds `insideRef`, by name: it follows that
 * field's own input events and nothing else. React re-renders only when the value changed
 * (a string compared by value), so a render can never feed itself, as observing every mutation
 * of the form did (it froze the post editor at the first keystroke). `initial` stands for the value until the browser has the form.
 */
export function useFormFieldValue(
  insideRef: RefObject<HTMLElement | null>,
  name: string,
  initial: string,
): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const form = insideRef.current?.closest("form");
      if (!form) return () => {};
      const onInput = (event: Event) => {
        if (event.target instanceof Element && event.target.getAttribute("name") === name) onChange();
      };
      form.addEventListener("input", onInput);
      return () => form.removeEventListener("input", onInput);
    },
    [insideRef, name],
  );
  const read = () => {
    const form = insideRef.current?.closest("form");
    return form ? namedValue(form, name) : initial;
  };
  return useSyncExternalStore(subscribe, read, () => initial);
}
