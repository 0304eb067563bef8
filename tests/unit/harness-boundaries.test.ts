import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The code that starts servers, clusters and load lives in harness/, which the tests and the
// measuring scripts (bench, Lighthouse, size) both use. scripts/ and tests/ never import each
// other: a helper one of them needs from the other belongs in harness/.

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Where each relative import of a file points, as paths from the project's root. */
function importedPaths(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => match[1] ?? "",
  );
  return specifiers.map((specifier) => path.normalize(path.join(path.dirname(file), specifier)));
}

function crossings(from: string, into: string): string[] {
  return sourceFiles(from).flatMap((file) =>
    importedPaths(file)
      .filter((target) => target.startsWith(`${into}/`))
      .map((target) => `${file} → ${target}`),
  );
}

describe("harness boundaries", () => {
  it("scripts/ imports nothing from tests/", () => {
    expect(crossings("scripts", "tests")).toEqual([]);
  });

  it("tests/ imports nothing from scripts/", () => {
    expect(crossings("tests", "scripts")).toEqual([]);
  });

  it("harness/ imports nothing from either", () => {
    expect([...crossings("harness", "tests"), ...crossings("harness", "scripts")]).toEqual([]);
  });

  it("sees an import that crosses (the check is not vacuous)", () => {
    expect(importedPaths("tests/unit/start-command.test.ts")).toContain("harness/start-command.ts");
  });
});
