import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The check `npm test` and CI make before any test (scripts/test-prerequisites.ts), run as a
// real process: its exit status and what it prints are what a person at a fresh machine sees.

const root = path.resolve(import.meta.dirname, "../..");
const check = path.join(root, "scripts/test-prerequisites.ts");
const runner = path.join(root, "scripts/test.ts");

interface Outcome {
  status: number | null;
  output: string;
}

/** This run's environment without what would choose other binaries or databases. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const {
    CHROMIUM_PATH: _chromium,
    TEST_ENGINES: _engines,
    TEST_DATABASE_URL: _testDatabase,
    DATABASE_URL: _database,
    ...env
  } = process.env;
  // Never apt-get from a test: only reporting is tested.
  return { ...env, TEST_PREREQUISITES_NO_INSTALL: "1", ...extra };
}

/**
 * Runs a script to its end. A runner that went on to run the suite is stopped with everything it
 * started (its own process group), so a regression cannot run the suite inside the suite.
 */
function runScript(args: string[], env: Record<string, string | undefined>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const stop = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, 30_000);
    child.once("error", reject);
    child.once("close", (status) => {
      clearTimeout(stop);
      resolve({ status, output });
    });
  });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * Loaded into every Node process the runner starts: Vitest, if it starts, says so and exits at
 * once, so a runner that did not stop cannot run the suite (and this file) inside the suite.
 */
function vitestTripwire(): string {
  const code = `if(process.argv[1]?.includes("vitest")){console.error("Vitest started");process.exit(97)}`;
  return `${process.env.NODE_OPTIONS ?? ""} --import=data:text/javascript,${encodeURIComponent(code)}`.trim();
}

describe("the test prerequisites", () => {
  it("stop `npm test` before any test when CHROMIUM_PATH names no file, with the command to run", async () => {
    const { status, output } = await runScript(
      [runner, "unit"],
      cleanEnv({ CHROMIUM_PATH: "/nonexistent", NODE_OPTIONS: vitestTripwire() }),
    );
    expect(status).toBe(1);
    // One line and nothing after it: no Vitest, no tally.
    expect(output.trim().split("\n")).toEqual([
      expect.stringContaining("CHROMIUM_PATH=/nonexistent: não há um executável nesse caminho"),
    ]);
    expect(output).toMatch(
      /unset CHROMIUM_PATH && (sudo )?apt-get update && (sudo )?apt-get install -y chromium-headless-shell$/m,
    );
  }, 60_000);

  it("name every missing program's Debian package in one command when they cannot be installed", async () => {
    // A PATH with no programs on it: caddy, systemd-analyze, sqlite3 and python3 are all missing.
    const { status, output } = await runScript([check], cleanEnv({ PATH: "/nonexistent" }));
    expect(status).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^Faltam para os testes: caddy, systemd, sqlite3, python3; instale com: .*apt-get install -y caddy systemd sqlite3 python3$/,
      ),
    ]);
  });

  it("give the command that starts PostgreSQL when the PostgreSQL side is asked for and nothing answers", async () => {
    const port = await closedPort();
    const { status, output } = await runScript(
      [check],
      cleanEnv({ TEST_ENGINES: "postgres", TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test` }),
    );
    expect(status).toBe(1);
    expect(output.trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^PostgreSQL não responde em 127\\.0\\.0\\.1:${port}; inicie com: .*pg_ctlcluster --skip-systemctl-redirect \\S+ main start$`,
        ),
      ),
    ]);
  });

  it("print nothing and pass on a machine that has everything", async () => {
    // Its time is in docs/testing.md, not asserted here: a timed test would flake on a busy machine.
    expect(await runScript([check], cleanEnv())).toEqual({ status: 0, output: "" });
  });
});
