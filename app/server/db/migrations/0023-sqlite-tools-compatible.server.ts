import { type Kysely, PostgresAdapter, sql } from "kysely";

// A SQLite database that every SQLite tool opens (docs/decisions/0048): Debian 12's sqlite3
// (SQLite 3.40), Python's sqlite3 module and DB Browser parse the whole schema when they open a
// file, and two parts of ours needed a newer SQLite:
// - The admin's search copies (0012) folded accents with 48 nested replace() calls in one
//   expression, which SQLite parses only from 3.46 on ("parser stack overflow"). The triggers are
//   written again with the same folding split into statements of 12 replace() each, applied one
//   after the other to the copy's row: the same text, a depth every SQLite since 3.x parses.
// - The blog's search index (0011) was a contentless FTS5 table with contentless_delete, an
//   option of SQLite 3.43. It becomes an ordinary FTS5 table (same columns, tokenizer and
//   weights, so the same results and ranking), filled again from the published posts; its
//   triggers delete a row by rowid as before.
// PostgreSQL has neither problem: nothing changes there. Everything this migration writes is
// spelled out here, so later code never changes what it did.

/** Accented letters (both cases) and what the admin's search sees instead, one for one. */
const FOLD_FROM = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";
const FOLD_TO = "aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn";
/** replace() calls per statement: SQLite 3.40 overflows its parser stack at about 25. */
const REPLACES_PER_STATEMENT = 12;

/** The folding, as one replace() chain per statement, the first applied to `first`. */
function foldSteps(first: string, column: string): string[] {
  const letters = [...FOLD_FROM];
  const targets = [...FOLD_TO];
  const steps: string[] = [];
  for (let start = 0; start < letters.length; start += REPLACES_PER_STATEMENT) {
    let expression = start === 0 ? `lower(${first})` : column;
    for (let i = start; i < Math.min(start + REPLACES_PER_STATEMENT, letters.length); i++) {
      expression = `replace(${expression}, '${letters[i]}', '${targets[i]}')`;
    }
    steps.push(expression);
  }
  return steps;
}

interface SearchCopy {
  table: string;
  key: string;
  source: string;
  columns: string[];
}

const copies: SearchCopy[] = [
  { table: "admin_post_search", key: "post_id", source: "blog_posts", columns: ["title", "excerpt"] },
  {
    table: "admin_lead_search",
    key: "lead_id",
    source: "leads",
    columns: ["name", "email", "phone", "message"],
  },
];

function copyTriggers(copy: SearchCopy): string[] {
  const joined = copy.columns.map((column) => `NEW.${column}`).join(" || char(10) || ");
  const [first, ...rest] = foldSteps(joined, "text");
  const refold = rest.map((step) => `UPDATE ${copy.table} SET text = ${step} WHERE ${copy.key} = NEW.id;`);
  return [
    `CREATE TRIGGER ${copy.table}_insert AFTER INSERT ON ${copy.source} BEGIN
       INSERT INTO ${copy.table} (${copy.key}, text) VALUES (NEW.id, ${first});
       ${refold.join("\n       ")}
     END`,
    `CREATE TRIGGER ${copy.table}_update AFTER UPDATE OF ${copy.columns.join(", ")} ON ${copy.source} BEGIN
       UPDATE ${copy.table} SET text = ${first} WHERE ${copy.key} = NEW.id;
       ${refold.join("\n       ")}
     END`,
  ];
}

/** Entities a sanitised post may hold that would otherwise index as words ("nbsp", "amp"). */
const ENTITIES = ["&nbsp;", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&#x27;", "&apos;"];

/** A post's HTML as text, in plain SQL (as 0011 indexes it: tags out, entities as spaces). */
function htmlText(column: string): string {
  const pieces = `json_each('[' || replace(json_quote(${column}), '<', '","') || ']')`;
  const text = `(SELECT group_concat(CASE WHEN key = 0 THEN value ELSE substr(value, instr(value, '>') + 1) END, ' ') FROM ${pieces})`;
  return ENTITIES.reduce((sqlText, entity) => `replace(${sqlText}, '${entity}', ' ')`, text);
}

const SEARCH_TABLE = "blog_search";
const SEARCH_ROWS_TABLE = "blog_search_rows";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const statements: string[] = [];
  for (const copy of copies) {
    statements.push(`DROP TRIGGER ${copy.table}_insert`, `DROP TRIGGER ${copy.table}_update`);
    statements.push(...copyTriggers(copy));
  }
  statements.push(
    `DROP TABLE ${SEARCH_TABLE}`,
    `CREATE VIRTUAL TABLE ${SEARCH_TABLE} USING fts5(
       title, excerpt, body,
       tokenize = 'unicode61 remove_diacritics 2'
     )`,
    `INSERT INTO ${SEARCH_TABLE} (rowid, title, excerpt, body)
       SELECT r.id, p.title, p.excerpt, ${htmlText("p.content")}
       FROM ${SEARCH_ROWS_TABLE} r JOIN blog_posts p ON p.id = r.post_id`,
  );
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Nothing to undo: the forms written here behave as the ones they replace. */
export async function down(): Promise<void> {}
