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

/** The time of the last line, by the millisecond: answers in the same millisecond share it. */
let lastLineMs = -1;
let lastLineTime = "";
function lineTime(): string {
  const now = Date.now();
  if (now !== lastLineMs) {
    lastLineMs = now;
    lastLineTime = new Date(now).toISOString();
  }
  return lastLineTime;
}

/**
 * The access log's line for an answer below 500, the same JSON `logEvent("info", "request", …)`
 * writes, made without an object per line: under load it is written for every request, and
 * on a cached page it cost as much as a tenth of the answer.
 */
export function logRequest(
  requestId: string,
  method: string,
  path: string,
  status: number,
  ms: number,
): void {
  pendingInfo.push(
    `{"time":"${lineTime()}","level":"info","msg":"request","requestId":${JSON.stringify(requestId)},` +
      `"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}}`,
  );
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
