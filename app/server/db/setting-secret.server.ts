import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

// Secrets of the site that every instance must share, kept in the settings table: made on
// first use (32 random bytes; the first instance to write one wins) and read once per
// process. Used for what only needs to be unforgeable by visitors: the quote form's token and
// the session cookie's signature. A secret that must not travel with a backup does not live
// here.

const loaded = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>();

async function loadSecret(db: Kysely<Database>, key: string): Promise<Buffer> {
  await db
    .insertInto("settings")
    .values({ key, value: randomBytes(32).toString("base64url"), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64url");
}

/** The secret stored under `key` in this database's settings, made on first use. */
export function settingSecret(db: Kysely<Database>, key: string): Promise<Buffer> {
  let secrets = loaded.get(db);
  if (!secrets) {
    secrets = new Map();
    loaded.set(db, secrets);
  }
  let secret = secrets.get(key);
  if (!secret) {
    const loading = loadSecret(db, key);
    secrets.set(key, loading);
    loading.catch(() => secrets.delete(key));
    secret = loading;
  }
  return secret;
}
