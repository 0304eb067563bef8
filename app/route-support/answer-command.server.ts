import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, data, redirect } from "react-router";
import { type CurrentSession, setFlash } from "~/server/accounts/index.server";
import type { CommandOutcome } from "~/server/commands/index.server";

// The one place an admin command's outcome becomes HTTP: done is a flash and a redirect (so a
// reload never posts again); a refusal is the form's 4xx with its message, field errors, values
// and lines, for the page to show beside the form; forbidden is 403.

/** What a page gets back when its command did not go through. */
export interface CommandFailure {
  error: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  lines?: string[];
}

const STATUS = { "not-found": 404, conflict: 409, forbidden: 403 } as const;

export async function answerCommand<Answer = never>(
  session: CurrentSession,
  outcome: CommandOutcome<Answer>,
): Promise<DataWithResponseInit<CommandFailure | Answer>> {
  if (outcome.kind === "done") {
    await setFlash(session, outcome.toast);
    throw redirect(outcome.redirectTo);
  }
  if (outcome.kind === "answered") {
    if (outcome.toast) await setFlash(session, outcome.toast);
    return data<CommandFailure | Answer>(outcome.body);
  }
  const status = outcome.kind === "refused" ? (outcome.status ?? 400) : STATUS[outcome.kind];
  const failure: CommandFailure = { error: outcome.message };
  if (outcome.kind === "refused" && outcome.fieldErrors) failure.fieldErrors = outcome.fieldErrors;
  if (outcome.kind === "refused" && outcome.values) failure.values = outcome.values;
  if ((outcome.kind === "refused" || outcome.kind === "conflict") && outcome.lines)
    failure.lines = outcome.lines;
  const details = outcome.kind === "refused" || outcome.kind === "conflict" ? outcome.details : undefined;
  return data<CommandFailure | Answer>(details ? { ...details, ...failure } : failure, { status });
}
