// `npm test`: the whole suite. Unit and integration tests (Vitest), then end-to-end tests in
// Debian's Chromium (Playwright). Prints one closing line "N passed, N failed" for CI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { requestedEngines } from "../harness/test-engines.ts";
import { ensureTestPrerequisites } from "./test-prerequisites.ts";

// Before any test: a missing Chromium or PostgreSQL would otherwise fail hundreds of them.
if (!(await ensureTestPrerequisites())) process.exit(1);

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(tmpdir(), "site-tests-"));
const only = process.argv[2]; // "unit" or "e2e" to run one half
// CI's PostgreSQL pass sets TEST_ENGINES=postgres: the tests that mean the same on both
// engines already ran in the SQLite pass (docs/testing.md, "Which tests run where").
const sqliteSide = requestedEngines().includes("sqlite");

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Seconds spent per test file. */
  files: Map<string, number>;
}

function run(args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function vitest(): Tally {
  const output = path.join(reports, "vitest.json");
  const bin = path.join(root, "node_modules/vitest/vitest.mjs");
  const projects = sqliteSide ? [] : ["--project", "store", "--project", "resilience"];
  const status = run([
    bin,
    "run",
    ...projects,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${output}`,
  ]);
  if (!existsSync(output)) return { passed: 0, failed: 1, skipped: 0, files: new Map() };
  const report = JSON.parse(readFileSync(output, "utf8"));
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const files = new Map<string, number>();
  for (const file of report.testResults as { name: string; startTime: number; endTime: number }[]) {
    const name = path.relative(root, file.name);
    files.set(name, (files.get(name) ?? 0) + (file.endTime - file.startTime) / 1000);
  }
  return {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
    files,
  };
}

function playwright(): Tally {
  const output = path.join(reports, "playwright.json");
  const bin = path.join(root, "node_modules/@playwright/test/cli.js");
  const status = run([bin, "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output)) return { passed: 0, failed: 1, skipped: 0, files: new Map() };
  const report = JSON.parse(readFileSync(output, "utf8"));
  const { stats } = report;
  const failed = stats.unexpected + stats.flaky + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  const files = new Map<string, number>();
  addSpecDurations(report.suites ?? [], files);
  return { passed: stats.expected, failed, skipped: stats.skipped, files };
}

interface PlaywrightSuite {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: { tests: { results: { duration: number }[] }[] }[];
}

/** Each spec file's time: its tests' durations added up (workers run files side by side). */
function addSpecDurations(suites: PlaywrightSuite[], files: Map<string, number>): void {
  for (const suite of suites) {
    const name = path.join("tests/e2e", suite.file);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) files.set(name, (files.get(name) ?? 0) + result.duration / 1000);
      }
    }
    addSpecDurations(suite.suites ?? [], files);
  }
}

const tallies: Tally[] = [];
if (only !== "e2e") tallies.push(vitest());
if (only !== "unit") tallies.push(playwright());

const slowest = tallies
  .flatMap((tally) => [...tally.files])
  .sort((a, b) => b[1] - a[1])
  .slice(0, 20);
if (slowest.length) {
  console.log("\nThe 20 slowest test files (seconds; an e2e file's tests added up):");
  for (const [file, seconds] of slowest) console.log(`${seconds.toFixed(1).padStart(8)}  ${file}`);
}

const total = tallies.reduce(
  (sum, t) => ({
    passed: sum.passed + t.passed,
    failed: sum.failed + t.failed,
    skipped: sum.skipped + t.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(
  `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
);
process.exit(total.failed > 0 ? 1 : 0);
