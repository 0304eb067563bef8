// `npm run config:docs`: writes .env.example and the configuration table of
// docs/configuration.md from the configuration schema (app/server/config/configuration-schema.server.ts),
// where each variable's description, default and example live. A test fails when they differ.
// Runs the sources directly, without a build.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  CONFIGURATION_DOC_FILE,
  ENV_EXAMPLE_FILE,
  environmentExample,
  withConfigurationTable,
} from "../app/server/config/configuration-docs.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const doc = path.join(root, CONFIGURATION_DOC_FILE);

writeFileSync(path.join(root, ENV_EXAMPLE_FILE), environmentExample());
writeFileSync(doc, withConfigurationTable(readFileSync(doc, "utf8")));
console.log(`${ENV_EXAMPLE_FILE} e a tabela de ${CONFIGURATION_DOC_FILE} reescritos a partir do esquema.`);
