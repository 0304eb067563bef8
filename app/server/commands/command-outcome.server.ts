import { FORBIDDEN_MESSAGE } from "~/lib/roles";
import type { Toast } from "~/lib/toast";

// What an admin command answers (docs/decisions/0080-admin-writes-are-commands.md): a plain
// value, never a Response, so a command runs the same from a route, a script or a test. The
// route maps it to HTTP once, in app/route-support/answer-command.server.ts.

export type CommandOutcome =
  /** Done: the toast the team sees next, and where the browser goes. */
  | { kind: "done"; toast: Toast; redirectTo: string }
  /** Refused as sent (400; 413 for a file too large): nothing was written. */
  | {
      kind: "refused";
      message: string;
      status?: 400 | 413;
      fieldErrors?: Record<string, string>;
      /** What was sent, shown again so nothing typed is lost. */
      values?: Record<string, string>;
      /** One line per problem of a file or a list. */
      lines?: string[];
    }
  /** The thing to change is not there (404). */
  | { kind: "not-found"; message: string }
  /** It clashes with what is stored now (409): nothing was written. */
  | { kind: "conflict"; message: string; lines?: string[] }
  /** The actor's role lacks the capability (403). */
  | { kind: "forbidden"; message: string };

export function done(toast: Toast, redirectTo: string): CommandOutcome {
  return { kind: "done", toast, redirectTo };
}

export function refused(
  message: string,
  extra: Omit<Extract<CommandOutcome, { kind: "refused" }>, "kind" | "message"> = {},
): CommandOutcome {
  return { kind: "refused", message, ...extra };
}

export function notFound(message: string): CommandOutcome {
  return { kind: "not-found", message };
}

export function conflict(message: string, lines?: string[]): CommandOutcome {
  return lines ? { kind: "conflict", message, lines } : { kind: "conflict", message };
}

export function forbidden(): CommandOutcome {
  return { kind: "forbidden", message: FORBIDDEN_MESSAGE };
}
