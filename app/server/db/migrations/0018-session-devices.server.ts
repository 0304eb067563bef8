import type { Kysely } from "kysely";

// 'Dispositivos conectados': each session keeps the browser it was opened in (its User-Agent,
// cut to 300 characters) and the client's address at sign-in, so a user can tell their sessions
// apart and end the ones they do not recognise. Sessions opened before stay, without them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("ip_address", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("ip_address").execute();
  await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
}
