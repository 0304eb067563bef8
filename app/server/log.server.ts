export type LogLevel = "info" | "warn" | "error";

/**
 * One JSON object per line, for log collectors. Callers pass facts, never secrets: no
 * passwords, cookies, tokens or full form contents.
 */
export function logEvent(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, (_key, value) =>
    value instanceof Error ? { name: value.name, message: value.message } : value,
  );
  if (level === "info") console.log(line);
  else console.error(line);
}
