import { createHash, randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { database, startDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

// Counters live in the database so every instance behind a load balancer sees the same ones.

export async function countRecent(bucket: string, windowMs: number): Promise<number> {
  return countIn(await database(), bucket, windowMs);
}

async function countIn(db: Kysely<Database>, bucket: string, windowMs: number): Promise<number> {
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
  return recordIn(await database(), bucket);
}

async function recordIn(db: Kysely<Database>, bucket: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("rate_limit_events")
    .values({ id, bucket, created_at: new Date().toISOString() })
    .execute();
  return id;
}

export interface Limit {
  bucket: string;
  /** Events allowed within the window, this one included. */
  max: number;
  windowMs: number;
}

export type Admission =
  /** Counted in every bucket; `events` takes it back with `forgetEvents` if it should not count. */
  | { ok: true; events: string[] }
  /** Over `exceeded` (the first limit, in the order given, that this event went over); not counted. */
  | { ok: false; exceeded: Limit };

/**
 * Record one event in each limit's bucket, then count each, this event included; over any
 * limit, take them all back and refuse. Decisions under the same `lock` are made one at a time
 * (PostgreSQL: a transaction-scoped advisory lock; SQLite: its single connection runs one
 * transaction at a time), so simultaneous requests let exactly `max` through, never more and
 * never fewer, on every instance.
 */
export async function admitEvent(lock: string, limits: readonly Limit[]): Promise<Admission> {
  const { db, config } = await startDatabase();
  return db.transaction().execute(async (trx) => {
    if (config.engine === "postgres") await advisoryLock(trx, lock);
    const events: string[] = [];
    for (const limit of limits) events.push(await recordIn(trx, limit.bucket));
    for (const limit of limits) {
      if ((await countIn(trx, limit.bucket, limit.windowMs)) > limit.max) {
        await trx.deleteFrom("rate_limit_events").where("id", "in", events).execute();
        return { ok: false, exceeded: limit };
      }
    }
    return { ok: true, events };
  });
}

/** Held until the transaction ends; the key is the lock name hashed to PostgreSQL's bigint. */
async function advisoryLock(trx: Transaction<Database>, name: string): Promise<void> {
  const key = createHash("sha256").update(`rate-limit:${name}`).digest().readBigInt64BE(0);
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}

export async function forgetEvents(ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const db = await database();
  await db.deleteFrom("rate_limit_events").where("id", "in", ids).execute();
}

export async function forgetEvent(id: string): Promise<void> {
  const db = await database();
  await db.deleteFrom("rate_limit_events").where("id", "=", id).execute();
}

/** Forget events older than a day (called from time to time, not on the request path). */
export async function pruneEvents(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  const db = await database();
  await db
    .deleteFrom("rate_limit_events")
    .where("created_at", "<", new Date(Date.now() - olderThanMs).toISOString())
    .execute();
}
