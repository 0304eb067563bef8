// The maintainer's configuration file: `npm start` and every script that touches the database
// import this first. It reads `.env` from the directory the command runs in (npm runs scripts
// from the project root), or the file ENV_FILE names; ENV_FILE set empty reads none (the tests'
// servers, so that a developer's `.env` never reaches them). A variable already in the real
// environment wins over the file. Plain JavaScript: server.js imports it before the bundle.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";

const file = process.env.ENV_FILE ?? ".env";
if (file !== "" && (process.env.ENV_FILE !== undefined || existsSync(file))) {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason =
      error && typeof error === "object" && "code" in error && error.code === "ENOENT"
        ? "o arquivo não existe"
        : String(error instanceof Error ? error.message : error);
    console.error(`Não foi possível ler o arquivo de configuração ${file} (ENV_FILE): ${reason}.`);
    process.exit(1);
  }
  const cut = valuesCutShort(text);
  if (cut.length > 0) {
    // The variable and the line, never the value: it may be a secret.
    const problems = cut.map(({ name, line, afterQuote }) =>
      afterQuote
        ? `- ${name} (linha ${line}): há texto depois das aspas que fecham o valor, e ele seria perdido. Para um valor que tem aspas duplas dentro, escreva-o entre aspas simples, como ${name}='"Nome" <endereco>'.`
        : `- ${name} (linha ${line}): o valor tem "#" fora de aspas, e o que vem a partir do "#" seria lido como comentário e perdido. Escreva o valor entre aspas, como ${name}="…"; um comentário vai numa linha própria.`,
    );
    console.error(
      `Configuração inválida no arquivo ${file}; corrija e inicie de novo:\n${problems.join("\n")}`,
    );
    process.exit(1);
  }
  // The text just checked, not the file again: what loads is what was checked.
  for (const [name, value] of Object.entries(parseEnv(text))) process.env[name] ??= value;
}

/**
 * The assignments that Node's .env parser (util.parseEnv, as process.loadEnvFile; Node 24) would
 * cut without a word, each as its variable, line number and why:
 * - an unquoted value ends at its first "#", with or without a space before it, so
 *   `SITE_SECRET=abc#def` would load "abc";
 * - a quoted value ends at its closing quote and the rest of that line is dropped, so
 *   `MAIL_FROM="Site" <no-reply@…>` would load "Site" (`afterQuote`).
 * Read as Node reads the file: CRs dropped, `#` first on a line is a comment, `export ` is
 * ignored, and a value opened by ", ' or ` runs to the same quote, over lines if need be (when
 * there is one); a comment may follow the closing quote.
 */
function valuesCutShort(text) {
  const lines = text.replaceAll("\r", "").split("\n");
  const cut = [];
  for (let index = 0; index < lines.length; index++) {
    const assignment = /^\s*(?:export\s+)?([^\s#=][^=]*?)\s*=\s*(.*)$/.exec(lines[index] ?? "");
    if (!assignment) continue;
    const [, name, value] = assignment;
    const line = index + 1;
    const quote = value[0];
    if (quote === '"' || quote === "'" || quote === "`") {
      const rest = [value.slice(1), ...lines.slice(index + 1)].join("\n");
      const end = rest.indexOf(quote);
      if (end === -1) continue;
      index += rest.slice(0, end).split("\n").length - 1;
      const afterQuote = rest.slice(end + 1).split("\n")[0] ?? "";
      if (!/^\s*(?:#.*)?$/.test(afterQuote)) cut.push({ name, line, afterQuote: true });
    } else if (value.includes("#")) {
      cut.push({ name, line, afterQuote: false });
    }
  }
  return cut;
}
