// What `npm start` runs, so that benchmarks and tests start the server exactly as production
// does, its memory settings (malloc's environment, V8's flags) included.
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./built-site.ts";

export interface StartCommand {
  /** The variables `npm start` sets for node (`NAME=value` before `node`). */
  env: Record<string, string>;
  /** The arguments `npm start` gives node: its flags, then server.js. */
  args: string[];
}

/** `npm start`'s command, read from package.json. */
export function serverStartCommand(): StartCommand {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    scripts?: { start?: string };
  };
  return parseStartCommand(pkg.scripts?.start ?? "");
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/;

/** `[NAME=value ...] node [flags] server.js`, the only shape the scripts know how to run. */
export function parseStartCommand(start: string): StartCommand {
  const words = start.trim().split(/\s+/);
  const env: Record<string, string> = {};
  for (let match = words[0]?.match(ASSIGNMENT); match; match = words[0]?.match(ASSIGNMENT)) {
    env[match[1] as string] = match[2] as string;
    words.shift();
  }
  const [command, ...args] = words;
  if (command !== "node" || args.at(-1) !== "server.js") {
    throw new Error(
      `O script start do package.json deveria ser "[VARIÁVEL=valor ...] node [opções] server.js", mas é "${start}".`,
    );
  }
  return { env, args };
}
