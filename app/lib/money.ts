// Money as a person in Brazil types it ("R$ 12.500,00", "12500", "12.500,5") and as the site
// stores it: integer centavos, so sums and medians never meet a binary fraction. Pure: the money
// input formats with it in the browser and the server parses with it.

/** The largest value a request may carry: R$ 10.000.000,00 (well inside a 32-bit integer). */
export const MAX_MONEY_CENTS = 1_000_000_000;

export const MONEY_INVALID_MESSAGE = "Valor inválido: digite em reais, por exemplo 12.500,00.";
export const MONEY_TOO_LARGE_MESSAGE = "Valor muito alto: o máximo é R$ 10.000.000,00.";

export type MoneyParse = { ok: true; cents: number | null } | { ok: false; message: string };

/** Integer digits, with dots only as thousands separators ("12.500") or none ("12500"). */
const INTEGER_PART = /^(?:\d{1,3}(?:\.\d{3})+|\d+)$/;

/**
 * The centavos of a typed amount; null when nothing was typed. A comma is the decimal mark; a
 * dot groups thousands ("1.250"), unless it is the only mark and one or two digits follow it
 * ("1250.5", as a phone keyboard may offer): then it is the decimal mark.
 */
export function parseMoney(typed: string): MoneyParse {
  const text = typed.replace(/R\$/gi, "").replace(/[\s\u00a0]/g, "");
  if (text === "") return { ok: true, cents: null };
  if (!/^[\d.,]+$/.test(text)) return { ok: false, message: MONEY_INVALID_MESSAGE };
  let integer: string;
  let fraction = "";
  const comma = text.lastIndexOf(",");
  if (comma >= 0) {
    integer = text.slice(0, comma);
    fraction = text.slice(comma + 1);
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    [integer = "", fraction = ""] = text.split(".");
  } else {
    integer = text;
  }
  if (integer === "") integer = "0";
  if (!INTEGER_PART.test(integer) || !/^\d{0,2}$/.test(fraction)) {
    return { ok: false, message: MONEY_INVALID_MESSAGE };
  }
  const reais = Number(integer.replaceAll(".", ""));
  const cents = reais * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > MAX_MONEY_CENTS) {
    return { ok: false, message: MONEY_TOO_LARGE_MESSAGE };
  }
  return { ok: true, cents };
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const plain = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "R$ 12.500,00" (with the no-break space Intl puts after R$). */
export function formatMoney(cents: number): string {
  return brl.format(cents / 100);
}

/** "12.500,00": what a money field shows for a saved value. */
export function formatMoneyField(cents: number | null): string {
  return cents === null ? "" : plain.format(cents / 100);
}

/**
 * What a money field shows while someone types: the reais grouped by thousands and at most two
 * decimals after the comma; anything else typed is dropped. Only digits and one comma survive,
 * so the result always parses.
 */
export function formatMoneyTyping(typed: string): string {
  const text = typed.replace(/[^\d,]/g, "");
  const comma = text.indexOf(",");
  const integerDigits = (comma >= 0 ? text.slice(0, comma) : text).replace(/^0+(?=\d)/, "");
  const grouped = integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  if (comma < 0) return grouped;
  const fraction = text
    .slice(comma + 1)
    .replaceAll(",", "")
    .slice(0, 2);
  return `${grouped || "0"},${fraction}`;
}
