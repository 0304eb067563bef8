// What `npm start` runs, so that benchmarks and tests start the server exactly as production
// does, V8 memory flags included.
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./built-site.ts";

/** The arguments `npm start` gives node (its flags, then server.ts), read from package.json. */
export function serverStartArguments(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    scripts?: { start?: string };
  };
  const start = pkg.scripts?.start ?? "";
  const [command, ...args] = start.trim().split(/\s+/);
  if (command !== "node" || args.at(-1) !== "server.ts") {
    throw new Error(
      `O script start do package.json deveria ser "node [opções] server.ts", mas é "${start}".`,
    );
  }
  return args;
}
