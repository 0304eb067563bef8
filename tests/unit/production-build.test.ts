import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Vitest's global set-up makes the production build from a process whose NODE_ENV is "test"
// (tests/support/production-build.ts): the build must still ship React's production bundle,
// which every page loads and which the end-to-end tests and the bench measure.

const assets = path.resolve(import.meta.dirname, "../../build/client/assets");

describe("the production build", () => {
  it("ships React's production bundle whatever NODE_ENV the build was started with", () => {
    expect(process.env.NODE_ENV).toBe("test");
    const entry = readdirSync(assets).find((file) => /^entry\.client-.*\.js$/.test(file));
    expect(entry).toBeDefined();
    const code = readFileSync(path.join(assets, entry as string), "utf8");
    // A message only React's development build prints.
    expect(code).not.toContain("Download the React DevTools");
  });
});
