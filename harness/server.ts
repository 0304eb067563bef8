import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { serverStartCommand } from "./start-command.ts";
import { stopChild } from "./stop-child.ts";

const root = path.resolve(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Start the production server (already built) as `npm start` does, on a free port with extra
 * environment.
 * It stops itself when the test process exits.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const start = serverStartCommand();
  // As from a shell: Vitest's NODE_ENV=test would give the server React's development build.
  return spawnServer(start.args, { NODE_ENV: "production", ...start.env, ...env });
}

/**
 * Run `node <args>` in the project as a server on a free port (PORT=0) and wait for its start
 * message. It stops itself when the test process exits.
 */
export async function spawnServer(
  args: string[],
  env: Record<string, string>,
  { startTimeoutMs = 30_000 } = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    // A developer's .env never reaches a test's server (scripts/env-file.js).
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ENV_FILE: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const onExit = () => child.kill("SIGKILL");
  process.once("exit", onExit);

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/escutando em 127\.0\.0\.1:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    process: child,
    output: () => output,
    stop: () => {
      process.removeListener("exit", onExit);
      return stopChild(child);
    },
  };
}
