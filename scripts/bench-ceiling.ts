// The ceiling case: capture the exact bytes the site answers for a page and the browser's
// headers, and serve them from a bare node:http process (bench-ceiling-server.ts).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { projectRoot } from "../harness/built-site.ts";

export interface CapturedResponse {
  status: number;
  contentType: string;
  contentEncoding: string | null;
  /** The body as sent on the wire (compressed when the site compressed it). */
  body: Buffer;
}

/** GET `url` with `headers` and keep the raw body: node:http, unlike fetch, does not decode it. */
export function captureResponse(url: string, headers: Record<string, string>): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
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

export interface CeilingServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Start the bare server answering `captured`; its body file goes into `dir`. */
export async function startCeiling(captured: CapturedResponse, dir: string): Promise<CeilingServer> {
  const bodyFile = path.join(dir, "ceiling-body");
  writeFileSync(bodyFile, captured.body);
  const args = [path.join(projectRoot, "scripts/bench-ceiling-server.ts"), bodyFile, captured.contentType];
  if (captured.contentEncoding) args.push(captured.contentEncoding);
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
