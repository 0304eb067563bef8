import { type Kysely, PostgresAdapter } from "kysely";

// Changes to the keys of an account (passkeys, TOTP, password) need a password or a second
// factor typed within the last few minutes: each session keeps when its user last proved who
// they are (sign-in sets it, the account page's confirmation sets it again). Sessions opened
// before have none, so their first such change asks for the password. The column type is
// written out here (not imported) so this migration never changes with later code.
export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = db.getExecutor().adapter instanceof PostgresAdapter ? "timestamptz" : "text";
  await db.schema.alterTable("sessions").addColumn("authenticated_at", timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("authenticated_at").execute();
}
