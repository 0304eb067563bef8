// The server under measurement: the command `npm start` runs (its environment, node, its V8
// flags, server.js) with NODE_ENV=production, on a free port. Its log (one JSON line per
// request) goes to a file rather than to a pipe into this process: writes to a pipe block the
// server whenever the benchmark, busy driving the load, is slow to read them, and that would be
// measured as the server's slowness.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { projectRoot } from "./built-site.ts";
import { serverStartCommand } from "./start-command.ts";

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface BenchServer {
  url: string;
  /** The node process running server.js itself (spawned directly, not through npm or a shell). */
  pid: number;
  logFile: string;
  /** The last lines of the server's log. */
  logTail: (lines?: number) => string;
  stop: () => Promise<void>;
}

/**
 * The last `bytes` of a server's log, from its first whole line: a full run's access log reaches
 * gigabytes, more than a string may hold.
 */
export function readLogEnd(logFile: string, bytes: number): string {
  let fd: number;
  try {
    fd = openSync(logFile, "r");
  } catch {
    return "";
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    readSync(fd, buffer, 0, buffer.length, start);
    const text = buffer.toString("utf8");
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    closeSync(fd);
  }
}

function readLog(logFile: string): string {
  return readLogEnd(logFile, 256 * 1024);
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/**
 * Start the server on a free port. `entry` replaces server.js (node's flags stay `npm start`'s):
 * the bench's comparison server with visit counting off is scripts/bench-uncounted-server.js.
 */
export async function startBenchServer(
  env: Record<string, string>,
  logFile: string,
  entry?: string,
): Promise<BenchServer> {
  // The log may hold an earlier run's start message (a restart on the same log): look past it.
  const startOffset = readLog(logFile).length;
  const fd = openSync(logFile, "a");
  let child: ChildProcess;
  try {
    const start = serverStartCommand();
    const args = entry ? [...start.args.slice(0, -1), entry] : start.args;
    child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...start.env,
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        ENV_FILE: "",
        ...env,
      },
      stdio: ["ignore", fd, fd],
    });
  } finally {
    closeSync(fd); // the child has its own copy
  }
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exitCode = code ?? (signal ? 128 : 1);
      resolve();
    }),
  );

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (exitCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const match = readLog(logFile)
      .slice(startOffset)
      .match(/escutando em 127\.0\.0\.1:(\d+)/);
    if (match && child.pid !== undefined) {
      return {
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid,
        logFile,
        logTail: (lines = 20) => tail(readLog(logFile), lines),
        stop,
      };
    }
    if (exitCode !== null || Date.now() > deadline) {
      await stop();
      const why = exitCode !== null ? `saiu com código ${exitCode}` : "não respondeu em 60 s";
      throw new Error(`O servidor ${why}:\n${tail(readLog(logFile), 30)}`);
    }
    await sleep(50);
  }
}
