// The variables a systemd unit or drop-in sets with Environment= lines, read as systemd reads
// them: several assignments per line, separated by spaces, each optionally in double quotes (so
// a value may hold spaces). Used by the tests that check deploy/ and by the cluster that starts
// Caddy as the drop-in does.
import { readFileSync } from "node:fs";

/** Every `Environment=` assignment of `text`, later ones winning, as systemd applies them. */
export function systemdEnvironment(text: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^\s*Environment=(.*)$/.exec(line);
    if (!match) continue;
    for (const [, quoted, bare] of (match[1] as string).matchAll(/"([^"]*)"|(\S+)/g)) {
      const assignment = quoted ?? (bare as string);
      const equals = assignment.indexOf("=");
      if (equals > 0) environment[assignment.slice(0, equals)] = assignment.slice(equals + 1);
    }
  }
  return environment;
}

/** `systemdEnvironment` of a file. */
export function systemdEnvironmentOf(file: string): Record<string, string> {
  return systemdEnvironment(readFileSync(file, "utf8"));
}
