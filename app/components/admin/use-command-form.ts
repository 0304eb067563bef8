import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useRef } from "react";
import type { z } from "zod";
import { useFocusFirstInvalid } from "./use-focus-first-invalid";

// A short admin form whose schema lives in app/lib checks it in the browser (Conform): a bad
// value is refused as the field is left, with the server's own pt-BR message, and a form with
// one is not sent. The command still checks the same schema on the server, so without
// JavaScript (or past a browser that lies) the refusal arrives as before: the route's
// CommandFailure, turned here into the result Conform shows at the fields and refills from.

/** The part of a refused command's answer (CommandFailure) a form shows at its fields. */
interface Refusal {
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
}

function submissionResult(failure: Refusal | undefined): SubmissionResult<string[]> | undefined {
  if (!failure) return undefined;
  const error = Object.fromEntries(
    Object.entries(failure.fieldErrors ?? {}).map(([name, message]) => [name, [message]]),
  );
  // Without values the fields keep what they have; `null` would reset the form.
  return failure.values
    ? { status: "error", error, initialValue: failure.values }
    : { status: "error", error };
}

/**
 * Conform's form for `schema`, fed with the page's last refusal, whose first invalid field takes
 * the focus. The fields read their message from `fields.<name>.errors` and their refill from
 * `fields.<name>.initialValue`; the form element takes `formProps` (ref, id, onSubmit, noValidate).
 */
export function useCommandForm<Schema extends z.ZodObject>(schema: Schema, failure: Refusal | undefined) {
  // A new refusal is a new object: Conform shows a result once per identity.
  const lastResult = useMemo(() => submissionResult(failure), [failure]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The fields' strings as typed, as the route's formText reads them: an empty field stays ""
    // (so it gets the schema's own message, not a missing value's).
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(ref, failure);
  const formProps = { ref, id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate };
  return { fields, formProps };
}
