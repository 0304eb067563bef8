import type { ChildProcess } from "node:child_process";

/**
 * Ends a child process and waits for its exit, which may already have happened, by code or by
 * signal (then `exitCode` is null and `signalCode` set): its "exit" event is gone, and waiting
 * for it would never end.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}
