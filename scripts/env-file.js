// The maintainer's configuration file: `npm start` and every script that touches the database
// import this first. It reads `.env` from the directory the command runs in (npm runs scripts
// from the project root), or the file ENV_FILE names; ENV_FILE set empty reads none (the tests'
// servers, so that a developer's `.env` never reaches them). A variable already in the real
// environment wins over the file. Plain JavaScript: server.js imports it before the bundle.
import { existsSync } from "node:fs";

const file = process.env.ENV_FILE ?? ".env";
if (file !== "" && (process.env.ENV_FILE !== undefined || existsSync(file))) {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    const reason =
      error && typeof error === "object" && "code" in error && error.code === "ENOENT"
        ? "o arquivo não existe"
        : String(error instanceof Error ? error.message : error);
    console.error(`Não foi possível ler o arquivo de configuração ${file} (ENV_FILE): ${reason}.`);
    process.exit(1);
  }
}
