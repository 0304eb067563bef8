import { type Kysely, sql } from "kysely";

// Quote requests get a number a person can say on the phone, and a request sent again is
// kept as a repeat of the first (docs/decisions/0090-request-numbers-and-repeats.md):
// - `counters`: named counters that only grow; 'lead_number' gives each request its number
//   (an UPDATE … RETURNING in the request's transaction, so two instances never hand out the
//   same one, and an erased request's number is never given again).
// - `leads.number`: the request's number. Requests from before are numbered in the order they
//   arrived, and the counter starts after the last of them.
// - `leads.repeat_of`: the first request when this one repeats it; the repeat becomes a
//   request of its own if the first is erased.
// - `leads.form_token`: the form token it was sent with, so a re-post of the very same form
//   (a refresh, a proxy's retry) is recognised instead of being stored again.
// Plain SQL both engines and Debian's sqlite3 3.40 read (UPDATE … FROM: SQLite 3.33).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("counters")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "integer", (col) => col.notNull())
    .execute();

  await sql.raw("ALTER TABLE leads ADD COLUMN number INTEGER").execute(db);
  await sql
    .raw("ALTER TABLE leads ADD COLUMN repeat_of TEXT REFERENCES leads (id) ON DELETE SET NULL")
    .execute(db);
  await sql.raw("ALTER TABLE leads ADD COLUMN form_token TEXT").execute(db);

  await sql
    .raw(`UPDATE leads SET number = ranked.n
          FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM leads) AS ranked
          WHERE ranked.id = leads.id`)
    .execute(db);
  await sql
    .raw("INSERT INTO counters (name, value) SELECT 'lead_number', coalesce(max(number), 0) FROM leads")
    .execute(db);

  await sql.raw("CREATE UNIQUE INDEX leads_number_idx ON leads (number)").execute(db);
  // A request's repeats, for its page; and the erasure of a first request, which clears them.
  // Partial: nearly every request repeats none, and a full index would match every row of
  // "repeat_of IS NULL", which the counts filter on; SQLite's planner, without statistics,
  // then walks it instead of the created_at index (the dashboard took twice as long).
  await sql
    .raw("CREATE INDEX leads_repeat_of_idx ON leads (repeat_of) WHERE repeat_of IS NOT NULL")
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP INDEX leads_repeat_of_idx").execute(db);
  await sql.raw("DROP INDEX leads_number_idx").execute(db);
  for (const column of ["form_token", "repeat_of", "number"]) {
    await sql.raw(`ALTER TABLE leads DROP COLUMN ${column}`).execute(db);
  }
  await db.schema.dropTable("counters").execute();
}
