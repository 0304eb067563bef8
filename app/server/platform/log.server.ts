import { writeSync } from "node:fs";

export type LogLevel = "info" | "warn" | "error";

// Under load the access log is a line per request. Info lines are gathered and written once
// per turn of the event loop (one system call for many lines); warnings and errors are
// written at once, so a crash right after one cannot lose it.
let pendingInfo: string[] = [];
let flushScheduled = false;

function flushInfo(): void {
  flushScheduled = false;
  if (!pendingInfo.length) return;
  const text = `${pendingInfo.join("\n")}\n`;
  pendingInfo = [];
  process.stdout.write(text);
}

process.once("exit", () => {
  if (!pendingInfo.length) return;
  const text = `${pendingInfo.join("\n")}\n`;
  pendingInfo = [];
  try {
    writeSync(1, text);
  } catch {
    // stdout is gone; nothing left to tell.
  }
});

/**
 * One JSON object per line, for log collectors. Callers pass facts, never secrets: no
 * passwords, cookies, tokens or full form contents.
 */
export function logEvent(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const entry = { time: new Date().toISOString(), level, msg, ...fields };
  // The access log's lines hold only strings and numbers: JSON.stringify without a replacer,
  // which it would call for every key (a twentieth of a cached page's time).
  const line = Object.values(fields).some(isObject)
    ? JSON.stringify(entry, errorsAsFacts)
    : JSON.stringify(entry);
  if (level !== "info") {
    console.error(line);
    return;
  }
  pendingInfo.push(line);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushInfo);
  }
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

/** An Error (at any depth) as its name and message: no stack, no properties it may carry. */
function errorsAsFacts(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}
