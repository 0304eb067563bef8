// A phone number as links need it (`wa.me/<digits>`, `tel:+<digits>`, JSON-LD's telephone):
// country code, area code and number, digits only. Owners type it as they write it, so a
// Brazilian number without the country code gets Brazil's; anything ambiguous is refused
// rather than stored as a number that would reach another country.

const BRAZIL = "55";

/**
 * The international digits of `typed`, or null when it is not a phone number:
 * - "+351 912 345 678" or "00351912345678": international, kept as typed (8 to 15 digits);
 * - "(41) 99876-5432", "41 3333-4444": a Brazilian area code and number, Brazil's code added;
 * - "55 41 99876-5432": already with Brazil's code.
 */
export function internationalPhoneDigits(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^[\d\s().+-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+") || digits.startsWith("00")) {
    const international = digits.replace(/^00/, "");
    return /^[1-9]\d{7,14}$/.test(international) ? international : null;
  }
  // Area codes run from 11 to 99; a number has 8 digits (landline) or 9 (mobile, starting with 9).
  const national = /^[1-9][1-9](?:9\d{8}|[2-8]\d{7})$/;
  if (national.test(digits)) return `${BRAZIL}${digits}`;
  if (digits.startsWith(BRAZIL) && national.test(digits.slice(BRAZIL.length))) return digits;
  return null;
}

/**
 * Whether international digits are a Brazilian fixed line (after the area code, 8 digits that
 * start with 2 to 5): WhatsApp's ordinary app cannot use one.
 */
export function isBrazilianLandline(digits: string): boolean {
  return /^55[1-9][1-9][2-5]\d{7}$/.test(digits);
}

/** The warning a WhatsApp number that is a fixed line gets, or null. */
export function whatsappLandlineWarning(whatsappDigits: string): string | null {
  return isBrazilianLandline(whatsappDigits)
    ? "O número do WhatsApp parece ser de telefone fixo. O WhatsApp precisa de um celular ou de um número do WhatsApp Business: confira se os visitantes conseguem conversar com ele."
    : null;
}
