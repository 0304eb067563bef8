import { FORBIDDEN_MESSAGE, type Role } from "~/lib/roles";
import type { Toast } from "~/lib/toast";

// What an admin command answers (docs/decisions/0080-admin-writes-are-commands.md): a plain
// value, never a Response, so a command runs the same from a route, a script or a test. The
// route maps it to HTTP once, in app/route-support/answer-command.server.ts.

/**
 * Who runs a command, as a domain below the accounts sees a session (the accounts' CurrentSession
 * is one): the audit log's export and the LGPD screen take this.
 */
export interface CommandActor {
  user: { id: string; email: string; role: Role };
}

/** What a domain adds to a failure for its page (a post's two versions in a conflict, say). */
export type OutcomeDetails = Record<string, unknown>;

/** `Answer`: what an outcome that keeps the page where it is carries (none for most commands). */
export type CommandOutcome<Answer = never> =
  /** Done: the toast the team sees next, and where the browser goes. */
  | { kind: "done"; toast: Toast; redirectTo: string }
  /** Done, and the page stays where it is with this answer (an autosave's new version), and a toast. */
  | { kind: "answered"; body: Answer; toast?: Toast }
  /**
   * Refused as sent (400; 413 for a file too large, 415 for a file of a kind not taken, 429
   * after too many attempts, 503 when a file could not be processed now): nothing was written.
   */
  | {
      kind: "refused";
      message: string;
      status?: 400 | 413 | 415 | 429 | 503;
      fieldErrors?: Record<string, string>;
      /** What was sent, shown again so nothing typed is lost. */
      values?: Record<string, string>;
      /** One line per problem of a file or a list. */
      lines?: string[];
      details?: OutcomeDetails;
    }
  /** The thing to change is not there (404). */
  | { kind: "not-found"; message: string }
  /** It clashes with what is stored now (409): nothing was written. */
  | { kind: "conflict"; message: string; lines?: string[]; details?: OutcomeDetails }
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

export function conflict(message: string, lines?: string[], details?: OutcomeDetails): CommandOutcome {
  return { kind: "conflict", message, ...(lines ? { lines } : {}), ...(details ? { details } : {}) };
}

export function answered<Answer>(body: Answer, toast?: Toast): CommandOutcome<Answer> {
  return toast ? { kind: "answered", body, toast } : { kind: "answered", body };
}

export function forbidden(): CommandOutcome {
  return { kind: "forbidden", message: FORBIDDEN_MESSAGE };
}
