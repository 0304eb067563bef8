import { randomUUID } from "node:crypto";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type pg from "pg";
import { logEvent } from "../platform/log.server";
import { type DatabaseHandle, postgresDriver } from "./connection.server";
import { CONTENT_CHANGES_CHANNEL } from "./migrations/0004-content-changes.server";

/**
 * Public-content changes as the database announces them (migration 0004), whoever made them.
 * The render cache asks `isCurrent()` before trusting what it holds.
 */
export interface ContentChangeFeed {
  /**
   * Apply every change committed so far that this process can know of, and say whether the
   * cache may be used at all (false while the PostgreSQL listener is reconnecting).
   */
  isCurrent: () => boolean;
  /** Resolve once changes committed before the call have been applied (after admin writes). */
  settle: () => Promise<void>;
  stop: () => Promise<void>;
}

export type ApplyChange = (change: { tags: string[] } | "everything") => void;

/**
 * The process's one feed, told to everything that keeps what the database holds: the render
 * cache and the memoised content (content-memo.server.ts).
 */
export interface ContentChanges extends ContentChangeFeed {
  /** Call `apply` for every change applied from now on; returns the way to stop. */
  subscribe: (apply: ApplyChange) => () => void;
}

export async function startContentChanges(handle: DatabaseHandle): Promise<ContentChanges> {
  const listeners = new Set<ApplyChange>();
  const feed = await watchContentChanges(handle, (change) => {
    for (const apply of listeners) apply(change);
  });
  return {
    ...feed,
    subscribe: (apply) => {
      listeners.add(apply);
      return () => {
        listeners.delete(apply);
      };
    },
  };
}

export interface WatchOptions {
  /** PostgreSQL: how long what is held stays in use after the listener is lost. */
  keepWhileReconnectingMs?: number;
}

export function watchContentChanges(
  handle: DatabaseHandle,
  apply: ApplyChange,
  options: WatchOptions = {},
): Promise<ContentChangeFeed> {
  if (handle.sqlite) return Promise.resolve(watchSqlite(handle.sqlite, apply));
  if (handle.config.engine === "postgres") {
    return watchPostgres(
      handle.config.url,
      handle.config.schema ?? "public",
      apply,
      options.keepWhileReconnectingMs ?? KEEP_WHILE_RECONNECTING_MS,
    );
  }
  throw new Error("unknown database engine");
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How stale a page may be after another process's commit, at most (SQLite). */
const READ_AT_MOST_EVERY_MS = 1;

function splitTags(text: string): string[] {
  return text.split(" ").filter(Boolean);
}

/**
 * SQLite: triggers append to content_changes in the writer's transaction. Reading the rows
 * after the last one seen is an indexed lookup that costs microseconds; it runs before the
 * first cache lookup of a turn of the event loop, at most once a millisecond, so a change
 * from any process is seen by every request that arrives a millisecond after its commit.
 * Requests answered later in the same turn had all arrived before that turn began (the turn
 * only answers what had arrived), so the read also holds for them. Under load a turn answers
 * about one request, and a read per turn cost a twentieth of a cached page's answer: once a
 * millisecond is one read for a dozen or more. `settle` reads at once (after admin writes).
 */
function watchSqlite(sqlite: DatabaseSync, apply: ApplyChange): ContentChangeFeed {
  const newer: StatementSync = sqlite.prepare(
    "SELECT id, tags FROM content_changes WHERE id > ? ORDER BY id",
  );
  const latest = sqlite.prepare("SELECT coalesce(max(id), 0) AS id FROM content_changes").get() as {
    id: number;
  };
  let lastSeen = latest.id;
  const prune = () => {
    try {
      sqlite
        .prepare("DELETE FROM content_changes WHERE created_at < ?")
        .run(new Date(Date.now() - DAY_MS).toISOString());
    } catch (error) {
      logEvent("error", "content change pruning failed", { error });
    }
  };
  prune();
  const timer = setInterval(prune, DAY_MS / 24);
  timer.unref();
  const applyNewer = () => {
    const rows = newer.all(lastSeen) as Array<{ id: number; tags: string }>;
    const last = rows.at(-1);
    if (last) {
      lastSeen = last.id;
      apply({ tags: rows.flatMap((row) => splitTags(row.tags)) });
    }
  };
  let readThisTurn = false;
  let readAt = Number.NEGATIVE_INFINITY;
  const nextTurn = () => {
    readThisTurn = false;
  };
  return {
    isCurrent: () => {
      if (!sqlite.isOpen) return false;
      if (!readThisTurn) {
        const now = performance.now();
        if (now - readAt >= READ_AT_MOST_EVERY_MS) {
          readThisTurn = true;
          readAt = now;
          setImmediate(nextTurn);
          applyNewer();
        }
      }
      return true;
    },
    settle: async () => {
      if (sqlite.isOpen) applyNewer();
    },
    stop: async () => clearInterval(timer),
  };
}

const RECONNECT_MS = 1000;
const SETTLE_TIMEOUT_MS = 2000;
/**
 * How long what this process holds stays in use after the listener is lost. Usually the whole
 * database is away then (a restart, an outage), nobody can change anything, and cached pages are
 * what keeps the site up; a change committed meanwhile through a database that is still up for
 * others shows once the listener is back (everything is dropped then) or after this time.
 */
const KEEP_WHILE_RECONNECTING_MS = 5 * 60_000;

/**
 * PostgreSQL: triggers NOTIFY at commit; every instance LISTENs. While the listener is down,
 * changes could be missed: what is held stays in use for a while (KEEP_WHILE_RECONNECTING_MS),
 * and everything is dropped when the listener is back.
 */
async function watchPostgres(
  url: string,
  schema: string,
  apply: ApplyChange,
  keepWhileReconnectingMs: number,
): Promise<ContentChangeFeed> {
  const { Client } = await postgresDriver();
  let client: pg.Client | undefined;
  let live = false;
  /** When the listener was lost (Date.now()); undefined while it listens. */
  let lostAt: number | undefined;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const barriers = new Map<string, () => void>();

  const onNotification = (message: pg.Notification) => {
    const [from, ...tags] = splitTags(message.payload ?? "");
    if (from !== schema) return;
    const barrier = tags[0]?.startsWith("barrier:") ? tags[0].slice("barrier:".length) : undefined;
    if (barrier) {
      barriers.get(barrier)?.();
      return;
    }
    apply({ tags });
  };

  const lost = (error?: unknown) => {
    if (!live && client === undefined) return;
    live = false;
    lostAt ??= Date.now();
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = undefined;
    for (const release of barriers.values()) release();
    if (stopped) return;
    logEvent("error", "content change listener lost; what is cached stays in use until it reconnects", {
      error,
    });
    reconnectTimer = setTimeout(() => {
      connect().catch(() => lost());
    }, RECONNECT_MS);
    reconnectTimer.unref();
  };

  const connect = async () => {
    // Named, so an operator can tell it apart in pg_stat_activity.
    const next = new Client({ connectionString: url, application_name: `site-cache-listener ${schema}` });
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", onNotification);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${CONTENT_CHANGES_CHANNEL}`);
    // Whatever changed while nobody listened is unknown: start from nothing.
    apply("everything");
    live = true;
    lostAt = undefined;
  };

  await connect();

  return {
    isCurrent: () => live || (lostAt !== undefined && Date.now() - lostAt < keepWhileReconnectingMs),
    // NOTIFYs arrive in commit order: once our own marker comes back, every change committed
    // before it has been applied.
    settle: async () => {
      if (!live || !client) return;
      const id = randomUUID();
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          apply("everything");
          resolve();
        }, SETTLE_TIMEOUT_MS);
        barriers.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await client.query("SELECT pg_notify($1, $2)", [CONTENT_CHANGES_CHANNEL, `${schema} barrier:${id}`]);
        await arrived;
      } finally {
        barriers.delete(id);
      }
    },
    stop: async () => {
      stopped = true;
      clearTimeout(reconnectTimer);
      live = false;
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on("error", () => {});
      await current?.end().catch(() => {});
    },
  };
}
