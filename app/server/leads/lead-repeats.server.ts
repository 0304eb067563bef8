import type { Transaction } from "kysely";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { quoteFields } from "~/lib/quote";
import type { Database } from "../db/schema";
import type { QuoteInput } from "./quote-input.server";

// A síndico who looks away from a sent form and sends it again must not become two requests
// (docs/decisions/0090-request-numbers-and-repeats.md). Among the requests of the last few
// minutes, a new one is:
// - the same form posted again (a refresh of the page the post answered, a proxy's retry):
//   the same form token and every field the same. Nothing new is stored.
// - a repeat: the same contact (e-mail or phone) asking the same thing (service, condominium
//   and message, spacing and case aside). It is stored, pointing at the first request, and
//   the owner sees it as a repeat of that one.

/** How long after a request a second one like it counts as a repeat of it. */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

const recentColumns = ["id", "number", "created_at", "repeat_of", "form_token", ...quoteFields] as const;

/** What the visitor's confirmation names: the request they are answered for. */
export interface FirstRequest {
  id: string;
  number: number | null;
  created_at: string;
}

export type EarlierRequest =
  | { kind: "none" }
  /** This very form was already stored as `stored`, which counts as `first`. */
  | { kind: "same-form"; stored: FirstRequest; first: FirstRequest }
  | { kind: "repeat"; first: FirstRequest };

/** Text compared as a person reads it: spacing and case aside. */
const folded = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim().toLocaleLowerCase("pt-BR");

/** A phone as a number to call: its international digits, or its digits when it reads as none. */
const phoneKey = (phone: string) => internationalPhoneDigits(phone) ?? phone.replace(/\D/g, "");

function sameContact(a: Pick<QuoteInput, "email" | "phone">, b: Pick<QuoteInput, "email" | "phone">) {
  return folded(a.email) === folded(b.email) || phoneKey(a.phone) === phoneKey(b.phone);
}

function sameAsk(a: QuoteInput, b: QuoteInput) {
  return (
    a.service === b.service &&
    folded(a.condominium) === folded(b.condominium) &&
    folded(a.message) === folded(b.message)
  );
}

const sameFields = (a: QuoteInput, b: QuoteInput) => quoteFields.every((field) => a[field] === b[field]);

/**
 * The earlier request this one is, or repeats, among those of the last REPEAT_WINDOW_MS
 * (found through leads_created_at_idx: a few rows, however large the table). Call it after
 * nextLeadNumber in the same transaction, so that on PostgreSQL a request committed a moment
 * earlier is seen. No upper bound on the time: a request stored a moment ago may carry a
 * clock a millisecond ahead (taken before the wait for the counter, or on another instance).
 */
export async function findEarlierRequest(
  trx: Transaction<Database>,
  input: QuoteInput,
  formToken: string | null,
  now: Date,
): Promise<EarlierRequest> {
  const recent = await trx
    .selectFrom("leads")
    .select(recentColumns)
    .where("created_at", ">", new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString())
    // Both a re-posted form and a repeat ask for the same service: the others are never read.
    .where("service", "=", input.service)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const byId = new Map(recent.map((row) => [row.id, row]));
  // The first of a chain of repeats; it may be older than the window, or erased since.
  const firstOf = async (row: (typeof recent)[number]): Promise<FirstRequest> => {
    const first = !row.repeat_of
      ? row
      : (byId.get(row.repeat_of) ??
        (await trx
          .selectFrom("leads")
          .select(["id", "number", "created_at"])
          .where("id", "=", row.repeat_of)
          .executeTakeFirst()) ??
        row);
    return { id: first.id, number: first.number, created_at: first.created_at };
  };

  if (formToken) {
    const same = recent.find((row) => row.form_token === formToken && sameFields(row, input));
    if (same) {
      return {
        kind: "same-form",
        stored: { id: same.id, number: same.number, created_at: same.created_at },
        first: await firstOf(same),
      };
    }
  }
  const earlier = recent.find((row) => sameContact(row, input) && sameAsk(row, input));
  return earlier ? { kind: "repeat", first: await firstOf(earlier) } : { kind: "none" };
}
