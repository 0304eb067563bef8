// The ceiling cases: capture the exact bytes the site answers for its pages to the browser's
// headers, its own response headers included, and serve them from one bare node:http process
// (bench-ceiling-server.ts) that picks the page by the request's path.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { projectRoot } from "../harness/built-site.ts";

/**
 * The headers Node's http server writes on its own for every answer: the ceiling's server
 * writes them too, so they are left out of what it is given to send.
 */
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

export interface CapturedResponse {
  /** The request's path (with its query), as the ceiling matches `request.url`. */
  path: string;
  status: number;
  /** The site's response headers as they came (name, value, name, value...), minus WRITTEN_BY_NODE. */
  headers: string[];
  contentType: string;
  contentEncoding: string | null;
  /** The body as sent on the wire (compressed when the site compressed it). */
  body: Buffer;
}

/** The site's raw header pairs without the ones Node's http server writes itself. */
export function headersToReplay(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? "";
    if (!WRITTEN_BY_NODE.has(name.toLowerCase())) kept.push(name, rawHeaders[i + 1] ?? "");
  }
  return kept;
}

/** Bytes of the header lines `headers` makes on the wire (`Name: value\r\n` each). */
export function headerBytes(headers: readonly string[]): number {
  let bytes = 0;
  for (let i = 0; i + 1 < headers.length; i += 2) {
    bytes += Buffer.byteLength(`${headers[i]}: ${headers[i + 1]}\r\n`);
  }
  return bytes;
}

/**
 * GET `url` with `headers` and keep the raw body and header lines: node:http, unlike fetch,
 * decodes neither.
 */
export function captureResponse(url: string, headers: Record<string, string>): Promise<CapturedResponse> {
  const { pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          path: `${pathname}${search}`,
          status: response.statusCode ?? 0,
          headers: headersToReplay(response.rawHeaders),
          contentType: String(response.headers["content-type"] ?? ""),
          contentEncoding: response.headers["content-encoding"] ?? null,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** What bench-ceiling-server.ts reads at start: one entry per page it answers. */
export interface CeilingManifest {
  pages: Array<{ path: string; status: number; headers: string[]; bodyFile: string }>;
}

export interface CeilingServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Start the bare server answering every page of `captured`; its files go into `dir`. */
export async function startCeiling(captured: CapturedResponse[], dir: string): Promise<CeilingServer> {
  const filesDir = mkdtempSync(path.join(dir, "ceiling-"));
  const manifest: CeilingManifest = {
    pages: captured.map((page, i) => {
      const bodyFile = path.join(filesDir, `body-${i}`);
      writeFileSync(bodyFile, page.body);
      return { path: page.path, status: page.status, headers: page.headers, bodyFile };
    }),
  };
  const manifestFile = path.join(filesDir, "manifest.json");
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const args = [path.join(projectRoot, "scripts/bench-ceiling-server.ts"), manifestFile];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  const port = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ceiling listening on (\d+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`o servidor de referência saiu com código ${code}`)));
  });
  if (child.pid === undefined) throw new Error("o servidor de referência iniciou sem PID");
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}
