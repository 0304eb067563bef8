import type { Selectable, Transaction } from "kysely";
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

type RecentRow = Pick<Selectable<Database["leads"]>, (typeof recentColumns)[number]>;

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

/**
 * A quick test per request of the window that passes every one `sameContact` would (and a few
 * more, which the whole rows then settle): e-mails hold no spaces, and two phones with the same
 * number end with each other's digits whatever the country code typed.
 */
function mayBeSameContact(input: Pick<QuoteInput, "email" | "phone">) {
  const email = input.email.normalize("NFC").toLowerCase();
  const digits = input.phone.replace(/\D/g, "");
  return (row: Pick<QuoteInput, "email" | "phone">) => {
    if (row.email.normalize("NFC").toLowerCase() === email) return true;
    const rowDigits = row.phone.replace(/\D/g, "");
    return rowDigits.endsWith(digits) || digits.endsWith(rowDigits);
  };
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
  // The window's contacts and tokens alone (a few short columns, however many requests came
  // in), then the whole row of each that may match, one at a time and only until one does:
  // each submission would otherwise read every message of the window (docs/decisions/0090).
  const window = await trx
    .selectFrom("leads")
    .select(["id", "email", "phone", "form_token", "created_at"])
    .where("created_at", ">", new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString())
    // Both a re-posted form and a repeat ask for the same service: the others are never read.
    .where("service", "=", input.service)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const rows = new Map<string, RecentRow | undefined>();
  const wholeRow = async (id: string) => {
    if (!rows.has(id)) {
      rows.set(
        id,
        await trx.selectFrom("leads").select(recentColumns).where("id", "=", id).executeTakeFirst(),
      );
    }
    return rows.get(id);
  };
  // The first of a chain of repeats; it may be older than the window, or erased since.
  const firstOf = async (row: RecentRow): Promise<FirstRequest> => {
    const first = (row.repeat_of ? await wholeRow(row.repeat_of) : undefined) ?? row;
    return { id: first.id, number: first.number, created_at: first.created_at };
  };

  if (formToken) {
    for (const candidate of window) {
      if (candidate.form_token !== formToken) continue;
      const same = await wholeRow(candidate.id);
      if (same && sameFields(same, input)) {
        return {
          kind: "same-form",
          stored: { id: same.id, number: same.number, created_at: same.created_at },
          first: await firstOf(same),
        };
      }
    }
  }
  const contactMayMatch = mayBeSameContact(input);
  for (const candidate of window) {
    if (!contactMayMatch(candidate)) continue;
    const earlier = await wholeRow(candidate.id);
    if (earlier && sameContact(earlier, input) && sameAsk(earlier, input)) {
      return { kind: "repeat", first: await firstOf(earlier) };
    }
  }
  return { kind: "none" };
}
