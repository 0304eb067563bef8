import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseConfiguration } from "./configuration.server";
import {
  CONFIGURATION_DOC_FILE,
  ENV_EXAMPLE_FILE,
  environmentExample,
  withConfigurationTable,
} from "./configuration-docs.server";
import { configurationSchema } from "./configuration-schema.server";

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the documentation written from the configuration schema", () => {
  it(".env.example is what the schema writes (run `npm run config:docs`)", () => {
    expect(read(ENV_EXAMPLE_FILE)).toBe(environmentExample());
  });

  it("the table of docs/configuration.md is what the schema writes (run `npm run config:docs`)", () => {
    const doc = read(CONFIGURATION_DOC_FILE);
    expect(doc).toBe(withConfigurationTable(doc));
  });

  it("names every variable, and the examples, uncommented together, are accepted", () => {
    const example = environmentExample();
    // Read as a maintainer's .env is read once the lines are uncommented (scripts/env-file.js).
    const uncommented = [...example.matchAll(/^#([A-Z][A-Z0-9_]*=.*)$/gm)].map(([, line]) => line).join("\n");
    const settings = parseEnv(uncommented);
    expect(Object.keys(settings).sort()).toEqual(Object.keys(configurationSchema.shape).sort());
    expect(parseConfiguration(settings)).toMatchObject({ ok: true });
  });
});
