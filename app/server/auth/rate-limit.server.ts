import { randomUUID } from "node:crypto";
import { database } from "../db/database.server";

// Counters live in the database so every instance behind a load balancer sees the same ones.

export async function countRecent(bucket: string, windowMs: number): Promise<number> {
  const db = await database();
  const since = new Date(Date.now() - windowMs).toISOString();
  const row = await db
    .selectFrom("rate_limit_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("bucket", "=", bucket)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Count one event; returns its id (to take it back with `forgetEvent`). */
export async function recordEvent(bucket: string): Promise<string> {
  const db = await database();
  const id = randomUUID();
  await db
    .insertInto("rate_limit_events")
    .values({ id, bucket, created_at: new Date().toISOString() })
    .execute();
  return id;
}

export async function forgetEvent(id: string): Promise<void> {
  const db = await database();
  await db.deleteFrom("rate_limit_events").where("id", "=", id).execute();
}

export async function clearEvents(bucket: string): Promise<void> {
  const db = await database();
  await db.deleteFrom("rate_limit_events").where("bucket", "=", bucket).execute();
}

/** Forget events older than a day (called from time to time, not on the request path). */
export async function pruneEvents(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  const db = await database();
  await db
    .deleteFrom("rate_limit_events")
    .where("created_at", "<", new Date(Date.now() - olderThanMs).toISOString())
    .execute();
}
