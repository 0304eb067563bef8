import { siteDefaults } from "~/config/site-env.server";
import type { ContactKind } from "~/lib/contact-taps";
import { siteDay } from "~/lib/site-time";
import { database } from "../db/database.server";
import { logEvent } from "../http/log.server";
import type { PageView, VisitSource } from "./visit-request.server";
import {
  type CountBatch,
  closeFinishedDays,
  daySalt,
  type TapCount,
  type ViewCount,
  type VisitorSeen,
  writeCounts,
} from "./visit-store.server";

// Counting never delays an answer (docs/decisions/0059-cookie-free-visit-counting.md): a view
// or a tap adds to this instance's counters in memory, and a timer writes them every few
// seconds (and once more at shutdown) as upserts into the aggregate rows. The buffer is
// bounded: past its limit new entries are dropped and the drop is logged, so a flood of
// made-up campaign tags costs a known amount of memory, never the process.

export interface VisitCounterOptions {
  /** How often the counters are written. */
  flushMs?: number;
  /** Most distinct entries (views, visitors, taps) held between two flushes. */
  maxEntries?: number;
  /** A finished day's salt and hashes go this long after it ended (flushes of its last views land first). */
  closeDelayMs?: number;
  now?: () => Date;
}

export interface VisitCounter {
  countView: (view: PageView, at?: Date) => void;
  countTap: (kind: ContactKind, source: VisitSource, at?: Date) => void;
  /** Write what is counted so far (tests, shutdown). */
  flush: () => Promise<void>;
  /** Count and delete the hashes of days that are over. */
  closeFinishedDays: () => Promise<void>;
  stop: () => Promise<void>;
}

const FLUSH_MS = 5_000;
const MAX_ENTRIES = 50_000;
const CLOSE_DELAY_MS = 10 * 60 * 1000;

const sourceKey = (s: VisitSource) =>
  `${s.page}\n${s.referrerHost}\n${s.utmSource}\n${s.utmMedium}\n${s.utmCampaign}`;

export function startVisitCounter(options: VisitCounterOptions = {}): VisitCounter {
  const flushMs = options.flushMs ?? FLUSH_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const closeDelayMs = options.closeDelayMs ?? CLOSE_DELAY_MS;
  const now = options.now ?? (() => new Date());
  const site = new URL(siteDefaults().publicUrl).host;

  let views = new Map<string, ViewCount>();
  let visitors = new Map<string, VisitorSeen>();
  let taps = new Map<string, TapCount>();
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  let closedBefore = "";
  const salts = new Map<string, string>();

  const size = () => views.size + visitors.size + taps.size;
  const full = () => size() >= maxEntries;

  const countView: VisitCounter["countView"] = (view, at = now()) => {
    const day = siteDay(at);
    const source = sourceKey(view);
    const viewKey = `${day}\n${source}\n${view.device}`;
    const counted = views.get(viewKey);
    if (counted) counted.views++;
    else if (full()) dropped++;
    else {
      const { visitorDigest: _, device, ...dimensions } = view;
      views.set(viewKey, { ...dimensions, day, device, views: 1 });
    }
    const visitorKey = `${day}\n${view.visitorDigest}\n${source}`;
    if (!visitors.has(visitorKey)) {
      if (full()) dropped++;
      else {
        const { device: _, ...seen } = view;
        visitors.set(visitorKey, { ...seen, day });
      }
    }
    if (size() >= maxEntries / 2) void flush();
  };

  const countTap: VisitCounter["countTap"] = (kind, source, at = now()) => {
    const day = siteDay(at);
    const key = `${day}\n${kind}\n${sourceKey(source)}`;
    const counted = taps.get(key);
    if (counted) counted.taps++;
    else if (full()) dropped++;
    else
      taps.set(key, {
        day,
        kind,
        page: source.page,
        referrerHost: source.referrerHost,
        utmSource: source.utmSource,
        utmMedium: source.utmMedium,
        utmCampaign: source.utmCampaign,
        taps: 1,
      });
  };

  /** Put back what a failed write held, as far as the bound allows. */
  const putBack = (batch: Map<string, ViewCount>, current: Map<string, ViewCount>) => {
    for (const [key, entry] of batch) {
      const counted = current.get(key);
      if (counted) counted.views += entry.views;
      else if (full()) dropped += entry.views;
      else current.set(key, entry);
    }
  };

  const write = async () => {
    const batch: CountBatch = {
      views: [...views.values()],
      visitors: [...visitors.values()],
      taps: [...taps.values()],
    };
    const held = { views, visitors, taps };
    views = new Map();
    visitors = new Map();
    taps = new Map();
    if (dropped) {
      logEvent("error", "visit counts dropped: buffer full", { dropped });
      dropped = 0;
    }
    if (!batch.views.length && !batch.visitors.length && !batch.taps.length) return;
    try {
      const db = await database();
      const today = siteDay(now());
      for (const day of new Set(batch.visitors.map((v) => v.day))) {
        if (salts.has(day)) continue;
        const salt = await daySalt(db, day, today);
        if (salt) salts.set(day, salt);
      }
      await writeCounts(db, batch, salts, site);
    } catch (error) {
      logEvent("error", "visit counts not written; kept for the next try", { error });
      putBack(held.views, views);
      for (const [key, entry] of held.taps) {
        const counted = taps.get(key);
        if (counted) counted.taps += entry.taps;
        else if (!full()) taps.set(key, entry);
      }
      for (const [key, entry] of held.visitors) if (!full()) visitors.set(key, entry);
    }
  };

  const flush = (): Promise<void> => {
    flushing ??= write().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  const closeDays = async () => {
    const firstKeptDay = siteDay(new Date(now().getTime() - closeDelayMs));
    if (firstKeptDay === closedBefore) return;
    await closeFinishedDays(await database(), firstKeptDay);
    closedBefore = firstKeptDay;
    for (const day of salts.keys()) if (day < firstKeptDay) salts.delete(day);
  };

  const tick = () => {
    flush()
      .then(closeDays)
      .catch((error: unknown) =>
        logEvent("error", "closing the visit counts' finished days failed", { error }),
      );
  };
  const timer = setInterval(tick, flushMs);
  timer.unref();

  return {
    countView,
    countTap,
    flush: async () => {
      // A flush in progress took an earlier batch; this one writes what came since.
      await flushing;
      await flush();
    },
    closeFinishedDays: closeDays,
    stop: async () => {
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}

/** The counter of this process, when counting is on (site-services.server.ts starts it). */
let active: VisitCounter | undefined;

export function setActiveVisitCounter(counter: VisitCounter | undefined): void {
  active = counter;
}

/** Count a tap on a contact link (a no-op while counting is off). */
export function countContactTap(kind: ContactKind, source: VisitSource): void {
  active?.countTap(kind, source);
}
