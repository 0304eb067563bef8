// `npm test`: the whole suite. Unit and integration tests (Vitest), then end-to-end tests in
// Debian's Chromium (Playwright). Prints one closing line "N passed, N failed" for CI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(tmpdir(), "site-tests-"));
const only = process.argv[2]; // "unit" or "e2e" to run one half

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
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
  const status = run([bin, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`]);
  if (!existsSync(output)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(output, "utf8"));
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function playwright(): Tally {
  const output = path.join(reports, "playwright.json");
  const bin = path.join(root, "node_modules/@playwright/test/cli.js");
  const status = run([bin, "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(output, "utf8"));
  const failed = stats.unexpected + stats.flaky + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { passed: stats.expected, failed, skipped: stats.skipped };
}

const tallies: Tally[] = [];
if (only !== "e2e") tallies.push(vitest());
if (only !== "unit") tallies.push(playwright());

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
