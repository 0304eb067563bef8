// CNPJ (Brazilian company registry number): 12 characters and two check digits. Since July
// 2026 new numbers may hold letters in the first 12 characters; the check digits are computed
// the same way, each character counting as its ASCII code minus 48 (so digits count as
// themselves and "A" as 17).

const WEIGHTS_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function checkDigit(characters: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (characters.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The 14 characters of a CNPJ as typed with or without punctuation, upper-cased; null if malformed. */
export function cnpjCharacters(value: string): string | null {
  const compact = value.replace(/[.\-/\s]/g, "").toUpperCase();
  return /^[0-9A-Z]{12}\d{2}$/.test(compact) ? compact : null;
}

/** Whether the value is a CNPJ whose check digits match (a row of one repeated digit is not). */
export function isValidCnpj(value: string): boolean {
  const cnpj = cnpjCharacters(value);
  if (!cnpj || /^(\d)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj, WEIGHTS_FIRST);
  const second = checkDigit(cnpj, WEIGHTS_SECOND);
  return cnpj.endsWith(`${first}${second}`);
}

/** "11222333000181" → "11.222.333/0001-81" (the value as given when it is not 14 characters). */
export function formatCnpj(value: string): string {
  const cnpj = cnpjCharacters(value);
  if (!cnpj) return value.trim();
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}
