import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { configurationFrom, parseConfiguration } from "../config/configuration.server";
import { keyedHash, SITE_SECRET_FILE, siteKey, siteSecret } from "./site-secret.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-secret-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the site secret", () => {
  it("is created once in DATA_DIR, readable by its owner only, and read back the same", () => {
    const dir = path.join(tempDir(), "dados");
    const secret = siteSecret(configurationFrom({ DATA_DIR: dir }));
    const file = path.join(dir, SITE_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, "utf8").trim()).toBe(secret.toString("utf8"));
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(siteSecret(configurationFrom({ DATA_DIR: dir })).equals(secret)).toBe(true);
    // Another directory, another site: another secret.
    expect(siteSecret(configurationFrom({ DATA_DIR: tempDir() })).equals(secret)).toBe(false);
  });

  it("comes from SITE_SECRET when set, and a short one is refused in pt-BR", () => {
    const given = "x".repeat(40);
    const dir = tempDir();
    expect(siteSecret(configurationFrom({ SITE_SECRET: given, DATA_DIR: dir })).toString()).toBe(given);
    expect(() => statSync(path.join(dir, SITE_SECRET_FILE))).toThrow();
    expect(parseConfiguration({ SITE_SECRET: "curto" })).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(/^SITE_SECRET: deve ser um segredo aleatório de 32 caracteres ou mais/),
      ],
    });
  });

  it("gives each use its own key", () => {
    const env = configurationFrom({ SITE_SECRET: "y".repeat(40) });
    expect(siteKey("totp-secret", env).equals(siteKey("recovery-code", env))).toBe(false);
    expect(keyedHash("erasure-hash", "a", env)).not.toBe(keyedHash("recovery-code", "a", env));
    expect(keyedHash("erasure-hash", "a", env)).toMatch(/^[0-9a-f]{64}$/);
  });
});
