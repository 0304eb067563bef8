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

/** Whole rows read at once for the comparisons. */
const ROWS_PER_READ = 16;

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
  const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString();
  const inWindow = () =>
    trx
      .selectFrom("leads")
      .where("created_at", ">", since)
      // Both a re-posted form and a repeat ask for the same service: the others are never read.
      .where("service", "=", input.service);
  const whole = new Map<string, RecentRow>();
  const wholeRows = async (ids: readonly string[]) => {
    const missing = ids.filter((id) => !whole.has(id));
    for (let start = 0; start < missing.length; start += ROWS_PER_READ) {
      const batch = missing.slice(start, start + ROWS_PER_READ);
      // Always ROWS_PER_READ ids (the last repeated): one statement, compiled once.
      const padded = Array.from(
        { length: ROWS_PER_READ },
        (_, i) => batch[Math.min(i, batch.length - 1)] as string,
      );
      const rows = await trx.selectFrom("leads").select(recentColumns).where("id", "in", padded).execute();
      for (const row of rows) whole.set(row.id, row);
    }
    return ids.map((id) => whole.get(id)).filter((row): row is RecentRow => row !== undefined);
  };
  // The first of a chain of repeats; it may be older than the window, or erased since.
  const firstOf = async (row: RecentRow): Promise<FirstRequest> => {
    const [first = row] = row.repeat_of ? await wholeRows([row.repeat_of]) : [];
    return { id: first.id, number: first.number, created_at: first.created_at };
  };

  if (formToken) {
    // The same form posted again is every field the same: the database compares them.
    let sameForm = inWindow().select(recentColumns).where("form_token", "=", formToken);
    for (const field of quoteFields) sameForm = sameForm.where(field, "=", input[field]);
    const same = await sameForm.orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
    if (same) {
      return {
        kind: "same-form",
        stored: { id: same.id, number: same.number, created_at: same.created_at },
        first: await firstOf(same),
      };
    }
  }
  // A repeat: the window's contacts alone (a few short columns, however many requests came
  // in), then the whole rows of those that may be the same person, a few at a time, until one
  // asks the same thing. Each submission used to read every message of the window
  // (docs/decisions/0094).
  const contactMayMatch = mayBeSameContact(input);
  const candidates = (
    await inWindow().select(["id", "email", "phone"]).orderBy("created_at").orderBy("id").execute()
  )
    .filter(contactMayMatch)
    .map((row) => row.id);
  for (let start = 0; start < candidates.length; start += ROWS_PER_READ) {
    const rows = await wholeRows(candidates.slice(start, start + ROWS_PER_READ));
    const earlier = rows.find((row) => sameContact(row, input) && sameAsk(row, input));
    if (earlier) return { kind: "repeat", first: await firstOf(earlier) };
  }
  return { kind: "none" };
}
