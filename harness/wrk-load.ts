// GET load from `wrk` (Debian's package: C, one thread, epoll), for the scaling benchmark's
// uncached pages. The benchmark's other load generator (cluster-load.ts) is this process's own
// HTTPS client; on a 2-core machine the CPU it takes is taken from the instances it measures
// (about 0.4 ms per request, against 0.1 ms for wrk), which caps what a second instance can add
// (docs/decisions/0042-scaling-bench-load-generator.md).
//
// The requests cycle through the pages with a browser's headers, from `connections` keep-alive
// connections; wrk's Lua `done` hook prints the exact counts as one JSON line.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";

/** Seconds before wrk gives up on a request, as long as the HTTPS client's (cluster-load.ts). */
const REQUEST_TIMEOUT_S = 30;
const SUMMARY_MARK = "WRK_SUMMARY ";

export interface WrkOptions {
  /** https://… (Caddy) or http://… (an instance). wrk does not check certificates. */
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}

export interface WrkResult {
  requests: number;
  durationS: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, read/write errors and timeouts. */
  socketErrors: number;
  /** Answers with a status of 400 or more. */
  errorStatuses: number;
}

export interface RunningWrk {
  pid: number | undefined;
  done: Promise<WrkResult>;
}

const summarySchema = z.object({
  requests: z.number(),
  durationUs: z.number(),
  connect: z.number(),
  read: z.number(),
  write: z.number(),
  status: z.number(),
  timeout: z.number(),
  p50Us: z.number(),
  p99Us: z.number(),
});

const luaString = (value: string) => JSON.stringify(value);

/** The Lua script: the pages in turn with the headers, and a JSON summary at the end. */
function wrkScript(paths: string[], headers: Record<string, string>): string {
  const headerTable = Object.entries(headers)
    .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
    .join(", ");
  return `local paths = { ${paths.map(luaString).join(", ")} }
local headers = { ${headerTable} }
local turn = 0
request = function()
  turn = turn + 1
  return wrk.format("GET", paths[(turn % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(${luaString(`${SUMMARY_MARK}{"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\n`)},
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** Whether wrk is installed; the message to show when it is not. */
export function wrkMissing(): string | undefined {
  const probe = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (probe.error) return "wrk não encontrado: instale o pacote wrk (apt-get install -y wrk).";
  return undefined;
}

/** Start wrk; `done` resolves with its counts when its time is up. */
export function startWrk(options: WrkOptions): RunningWrk {
  const dir = mkdtempSync(path.join(tmpdir(), "wrk-"));
  const script = path.join(dir, "load.lua");
  writeFileSync(script, wrkScript(options.paths, options.headers));
  const child = spawn(
    "wrk",
    [
      "--threads",
      "1",
      "--connections",
      String(options.connections),
      "--duration",
      `${options.durationS}s`,
      "--timeout",
      `${REQUEST_TIMEOUT_S}s`,
      "--script",
      script,
      options.url,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const done = new Promise<WrkResult>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = output.split("\n").find((text) => text.startsWith(SUMMARY_MARK));
      if (code !== 0 || !line) {
        reject(new Error(`O wrk terminou com código ${code}:\n${output.trim()}`));
        return;
      }
      const summary = summarySchema.parse(JSON.parse(line.slice(SUMMARY_MARK.length)));
      const durationS = summary.durationUs / 1e6;
      resolve({
        requests: summary.requests,
        durationS,
        requestsPerSecond: durationS > 0 ? summary.requests / durationS : 0,
        p50Ms: summary.p50Us / 1000,
        p99Ms: summary.p99Us / 1000,
        socketErrors: summary.connect + summary.read + summary.write + summary.timeout,
        errorStatuses: summary.status,
      });
    });
  });
  return { pid: child.pid, done };
}
