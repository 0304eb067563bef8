import {
  configurationSchema,
  VARIABLE_GROUPS,
  type VariableDoc,
  variableDocs,
} from "./configuration-schema.server.ts";

// .env.example and the table of docs/configuration.md, written from the schema by
// `npm run config:docs` (scripts/config-docs.ts); a test fails when the files differ from this.

export const ENV_EXAMPLE_FILE = ".env.example";
export const CONFIGURATION_DOC_FILE = "docs/configuration.md";

const TABLE_START =
  "<!-- configuration-table: written by `npm run config:docs` from app/server/config/configuration-schema.server.ts -->";
const TABLE_END = "<!-- configuration-table: end -->";

const ENV_EXAMPLE_HEADER = `# Configuration of the site. Copy this file to \`.env\` and uncomment what you change:
# \`npm start\` and the scripts (db:*, admin:create, dev) read \`.env\` from the project folder, and
# a variable set in the real environment (systemd, the shell) wins over the file. Every value
# below is an example; everything is optional, the defaults run the demo site. A malformed value
# stops the start with a message naming it, every problem at once. A value that holds "#" goes in
# quotes, e.g. SITE_SECRET="abc#def": unquoted, "#" starts a comment, so the start refuses the line.
# Written by \`npm run config:docs\` from app/server/config/configuration-schema.server.ts: edit there.
`;

const LINE_WIDTH = 100;

type Documented = { name: string; doc: VariableDoc };

function documentedVariables(): Documented[] {
  return Object.entries(configurationSchema.shape).map(([name, schema]) => {
    const doc = variableDocs.get(schema);
    if (!doc) throw new Error(`${name} has no documentation in the configuration schema`);
    return { name, doc };
  });
}

/** Markdown as a comment reads it: links become their text, code loses its backticks. */
function plain(markdown: string): string {
  return markdown.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1").replaceAll("`", "");
}

function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > LINE_WIDTH && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The whole of .env.example. */
export function environmentExample(): string {
  const variables = documentedVariables();
  const sections = VARIABLE_GROUPS.map((group) => {
    const rule = `# --- ${group} `.padEnd(LINE_WIDTH, "-");
    const entries = variables
      .filter(({ doc }) => doc.group === group)
      .map(({ name, doc }) => {
        // A sentence starts with a capital, unless it starts with code (`postgres://…`).
        const sentence = plain(doc.description);
        const start = /^[a-z]/.test(doc.description) ? sentence.charAt(0).toUpperCase() : sentence.charAt(0);
        const text = `${start}${sentence.slice(1)}. Default: ${plain(doc.default)}.`;
        return [...commentLines(text), `#${name}=${doc.example}`].join("\n");
      });
    return [rule, ...entries].join("\n");
  });
  return `${ENV_EXAMPLE_HEADER}\n${sections.join("\n\n")}\n`;
}

/** The configuration table, markers included. */
export function configurationTable(): string {
  const rows = documentedVariables().map(
    ({ name, doc }) => `| \`${name}\` | ${doc.default} | ${doc.description.replaceAll("|", "\\|")} |`,
  );
  return [
    TABLE_START,
    "",
    "| variable | default | meaning |",
    "| --- | --- | --- |",
    ...rows,
    "",
    TABLE_END,
  ].join("\n");
}

/** docs/configuration.md with its table written again. */
export function withConfigurationTable(markdown: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`${CONFIGURATION_DOC_FILE} has no configuration table markers (${TABLE_START})`);
  }
  return `${markdown.slice(0, start)}${configurationTable()}${markdown.slice(end + TABLE_END.length)}`;
}
