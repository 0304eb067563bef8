import { describe, expect, it } from "vitest";
import { parseStartCommand, serverStartCommand } from "../../harness/start-command.ts";

describe("the start command the benchmark and the tests reuse", () => {
  it("splits the environment, node's flags and the entry", () => {
    expect(parseStartCommand("A_B=2 MALLOC_ARENA_MAX=2 node --max-semi-space-size=2 server.js")).toEqual({
      env: { A_B: "2", MALLOC_ARENA_MAX: "2" },
      args: ["--max-semi-space-size=2", "server.js"],
    });
    expect(parseStartCommand("node server.js")).toEqual({ env: {}, args: ["server.js"] });
  });

  it("refuses a command it would not run the same way", () => {
    for (const start of ["node server.ts", "A=1 npm run serve", "node server.js --port 3000", "", "A=1"]) {
      expect(() => parseStartCommand(start), start).toThrow(/server\.js/);
    }
  });

  it("reads package.json's start script", () => {
    expect(serverStartCommand().args.at(-1)).toBe("server.js");
  });
});
