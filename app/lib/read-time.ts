export const DEFAULT_READ_TIME = 5;

/** Minutes of reading from the post form: a number, at least 1; anything else is 5. */
export function parseReadTime(value: unknown): number {
  const number = typeof value === "number" ? value : Number.parseInt(String(value ?? "").trim(), 10);
  if (!Number.isFinite(number)) return DEFAULT_READ_TIME;
  return Math.min(Math.max(Math.trunc(number), 1), 999);
}
