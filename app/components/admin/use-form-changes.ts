import { type RefObject, useCallback, useEffect, useRef } from "react";

// Fields that say how to save, not what: a change of them is not an unsaved edit.
const NOT_CONTENT = new Set(["baseVersion", "confirmVersion", "intent"]);

/** A form's values as one string, to tell whether anything changed since a moment. */
export function formSnapshot(form: HTMLFormElement): string {
  const values: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (!NOT_CONTENT.has(name) && typeof value === "string") values.push(`${name}=${value}`);
  }
  return values.join("\n");
}

/**
 * Whether the form holds edits not yet saved. The reference snapshot is taken when the form
 * first gets the focus (nothing can be typed, clicked or picked before that) rather than at
 * mount, when the rich-text editor is still turning its initial HTML into its own.
 */
export function useFormChanges(formRef: RefObject<HTMLFormElement | null>) {
  const saved = useRef<string | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const capture = () => {
      saved.current ??= formSnapshot(form);
    };
    form.addEventListener("focusin", capture);
    return () => form.removeEventListener("focusin", capture);
  }, [formRef]);
  const isDirty = useCallback(() => {
    const form = formRef.current;
    return Boolean(form && saved.current !== null && formSnapshot(form) !== saved.current);
  }, [formRef]);
  /** The values in `snapshot` are saved now (an autosave's answer). */
  const markSaved = useCallback((snapshot: string) => {
    saved.current = snapshot;
  }, []);
  return { isDirty, markSaved };
}
