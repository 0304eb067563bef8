import { describe, expect, it } from "vitest";
import { AiImageError, aiImagesConfigured, runwareConfig } from "~/server/ai/runware.server";
import { configurationFrom, parseConfiguration } from "~/server/config/configuration.server";

const KEY = "chave-de-teste";
/** The start-up message names the variable, says what is expected, and is in Portuguese. */
const REFUSED =
  /^RUNWARE_API_URL: deve ser uma URL https:\/\/.*http:\/\/ só é aceito para 127\.0\.0\.1, ::1 ou localhost\.$/;

describe("RUNWARE_* settings", () => {
  it("accepts https anywhere, and plain http only to this machine (the tests' stand-in provider)", () => {
    for (const url of [
      "https://api.runware.ai/v1",
      "https://10.0.0.5:8443/v1",
      "http://127.0.0.1:4567/v1",
      "http://127.8.9.10/v1",
      "http://localhost:4567/v1",
      "http://LOCALHOST/v1",
      "http://[::1]:4567/v1",
    ]) {
      expect(
        runwareConfig(configurationFrom({ RUNWARE_API_KEY: KEY, RUNWARE_API_URL: url })).apiUrl,
        url,
      ).toBe(url);
      expect(parseConfiguration({ RUNWARE_API_URL: url }).ok, url).toBe(true);
    }
  });

  it("refuses http:// to any other host, other schemes, credentials in the URL and non-URLs, naming RUNWARE_API_URL", () => {
    for (const url of [
      "http://api.runware.ai/v1",
      "http://10.0.0.5/v1",
      "http://192.168.0.10:8080/v1",
      "http://128.0.0.1/v1",
      "http://127.0.0.1.nip.io/v1",
      "http://localhost.exemplo.com.br/v1",
      "http://[::ffff:7f00:1]/v1",
      "ftp://api.runware.ai/v1",
      "https://usuario:senha@api.runware.ai/v1",
      "api.runware.ai/v1",
    ]) {
      // At start, whether or not a key is set: a typo is caught before anyone turns AI on.
      for (const env of [{ RUNWARE_API_URL: url }, { RUNWARE_API_KEY: KEY, RUNWARE_API_URL: url }]) {
        const result = parseConfiguration(env);
        expect(result.ok, url).toBe(false);
        if (!result.ok) {
          expect(result.problems, url).toEqual([expect.stringMatching(REFUSED)]);
          // A URL may carry a password: never repeated.
          expect(result.problems[0], url).not.toContain("recebido");
          expect(result.problems[0], url).not.toContain("senha@");
        }
      }
    }
  });

  it("needs nothing to start: without a key the feature is off, with one it uses Runware's API", () => {
    expect(aiImagesConfigured(configurationFrom({}))).toBe(false);
    expect(() => runwareConfig(configurationFrom({}))).toThrow(AiImageError);
    expect(runwareConfig(configurationFrom({ RUNWARE_API_KEY: ` ${KEY} `, RUNWARE_API_URL: " " }))).toEqual({
      apiKey: KEY,
      apiUrl: "https://api.runware.ai/v1",
      model: "runware:101@1",
    });
    expect(aiImagesConfigured(configurationFrom({ RUNWARE_API_KEY: KEY }))).toBe(true);
  });
});
