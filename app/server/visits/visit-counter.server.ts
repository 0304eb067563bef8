import { siteDefaults } from "~/config/site-env.server";
import type { ContactKind } from "~/lib/contact-taps";
import { siteDay, siteDayTeller } from "~/lib/site-time";
import { INTERNAL_REFERRER } from "~/lib/visit-dimensions";
import { database } from "../db/database.server";
import { defineJob, type JobDefinition } from "../jobs/job.server";
import { VISIT_COUNTS_JOB } from "../jobs/site-jobs.server";
import { logEvent } from "../platform/log.server";
import { startNewValuesCap } from "./new-values-cap.server";
import { type PageView, rekeyedView, type VisitSource } from "./visit-request.server";
import {
  type CountBatch,
  closeFinishedDays,
  daySalt,
  type TapSeen,
  type ViewCount,
  type VisitorSeen,
  writeCounts,
} from "./visit-store.server";

// Counting never delays an answer (docs/decisions/0059-cookie-free-visit-counting.md): a view
// or a tap adds to this instance's counters in memory, and a job writes them every few seconds
// (and the counter once more at shutdown) as upserts into the aggregate rows. The buffer is
// bounded: past its limit new entries are dropped and the drop is logged, so a flood of
// made-up campaign tags costs a known amount of memory, never the process. A view costs a few
// map lookups: its keys were made with it (visit-request.server.ts), and the day's counters
// are found by the day alone.

export interface VisitCounterOptions {
  /** How often the counters are written (by the counter's job, on every instance). */
  flushMs?: number;
  /** Most distinct entries (views, visitors, taps) held between two flushes. */
  maxEntries?: number;
  /** A finished day's salt and hashes go this long after it ended (flushes of its last views land first). */
  closeDelayMs?: number;
  /** Taps one address may make per hour on this instance; past it they are refused. */
  tapsPerAddressHour?: number;
  /** New values a dimension takes per day before the rest count as "(outras)". */
  newValuesPerDay?: number;
  now?: () => Date;
}

export interface VisitCounter {
  /** `pageNamedByClient`: the page came from the browser's word (a beacon), not a page it was answered. */
  countView: (view: PageView, options?: { pageNamedByClient?: boolean }) => void;
  /**
   * A tap, counted once per visitor, kind and page a day (the browser's ping and the beacon of
   * the same tap, or a second tap, add nothing). A tap whose own request names no outside
   * source takes the one the visitor came in with today. False when the address has made more
   * taps this hour than it may: nothing is counted.
   */
  countTap: (kind: ContactKind, source: VisitSource, visitor: TapVisitor) => boolean;
  /** Where this visitor came in from today, when a page view of this instance said so. */
  entrySourceOf: (visitorDigest: string) => EntrySource | undefined;
  /** Write what is counted so far (tests, shutdown). */
  flush: () => Promise<void>;
  /** Count and delete the hashes of days that are over. */
  closeFinishedDays: () => Promise<void>;
  /** Writes the counts every flushMs and closes finished days, once the site's job service runs it. */
  job: JobDefinition;
  /** The last write (run after the job service stopped). */
  stop: () => Promise<void>;
}

/** Who tapped: the address (rate limit, memory only) and the digest of address and browser. */
export interface TapVisitor {
  address: string;
  /** The visitor's digest, as a view carries it (visitor-request.server.ts). */
  digest: string;
}

/** The outside part of a source: the site that linked, and the campaign tags. */
export type EntrySource = Omit<VisitSource, "page">;

const FLUSH_MS = 5_000;
const MAX_ENTRIES = 50_000;
/** Visitors whose way in is remembered per day (beyond it, later visitors' taps keep their own). */
const MAX_ENTRY_SOURCES = 20_000;

/** A source that names something outside the site: an external site or a campaign. */
export function namesOutsideSource(source: EntrySource): boolean {
  return (
    (source.referrerHost !== "" && source.referrerHost !== INTERNAL_REFERRER) ||
    source.utmSource !== "" ||
    source.utmMedium !== "" ||
    source.utmCampaign !== ""
  );
}
const CLOSE_DELAY_MS = 10 * 60 * 1000;
/** A person taps a few contact links an hour; a script that taps more is not counted. */
const TAPS_PER_ADDRESS_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
/** Addresses whose taps this hour are remembered; past it the hour starts again for all. */
const MAX_TAPPING_ADDRESSES = 20_000;

/** One day's counters, by the keys the views and taps carry. */
interface DayCounters {
  views: Map<string, ViewCount>;
  visitors: Map<string, VisitorSeen>;
  /** One entry per visitor, kind and page: its first tap of the day on this instance. */
  taps: Map<string, TapSeen>;
}

export function startVisitCounter(options: VisitCounterOptions = {}): VisitCounter {
  const flushMs = options.flushMs ?? FLUSH_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const closeDelayMs = options.closeDelayMs ?? CLOSE_DELAY_MS;
  const now = options.now ?? (() => new Date());
  const tapsPerAddressHour = options.tapsPerAddressHour ?? TAPS_PER_ADDRESS_HOUR;
  const capNewValues = startNewValuesCap(options.newValuesPerDay);
  const { now: clock } = options;
  const nowMs = clock ? () => clock().getTime() : Date.now;
  const site = new URL(siteDefaults().publicUrl).host;
  const dayOf = siteDayTeller();

  let days = new Map<string, DayCounters>();
  let entries = 0;
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  /** Why the last write failed (its counts were put back), for the job's record. */
  let writeFailure: unknown;
  let closedBefore = "";
  const salts = new Map<string, string>();
  // Without cookies a visit's pages are tied together only by the day's visitor digest, as the
  // unique visitors are: the landing page's source is kept in memory for the rest of that day,
  // so a tap two pages later is still the campaign's (never written: the counts carry sources).
  let entryDay = "";
  let entrySources = new Map<string, EntrySource>();
  // Taps per address in the current hour (memory only, like the digests).
  let tapHourStarted = 0;
  let tapsByAddress = new Map<string, number>();
  // The visitor, kind and page of every tap counted today: the next ones add nothing.
  let tapDay = "";
  let tappedToday = new Set<string>();

  const countersOf = (day: string): DayCounters => {
    let counters = days.get(day);
    if (!counters) {
      counters = { views: new Map(), visitors: new Map(), taps: new Map() };
      days.set(day, counters);
    }
    return counters;
  };

  const rememberEntry = (day: string, view: PageView) => {
    if (day !== entryDay) {
      entryDay = day;
      entrySources = new Map();
    }
    if (entrySources.size >= MAX_ENTRY_SOURCES || entrySources.has(view.visitorDigest)) return;
    if (!namesOutsideSource(view)) return;
    entrySources.set(view.visitorDigest, {
      referrerHost: view.referrerHost,
      utmSource: view.utmSource,
      utmMedium: view.utmMedium,
      utmCampaign: view.utmCampaign,
    });
  };

  const entrySourceOf: VisitCounter["entrySourceOf"] = (visitorDigest) =>
    entryDay === dayOf(nowMs()) ? entrySources.get(visitorDigest) : undefined;

  const countView: VisitCounter["countView"] = (made, options) => {
    const day = dayOf(nowMs());
    const source = capNewValues(day, made, { capPage: options?.pageNamedByClient === true });
    const view = source === made ? made : rekeyedView(made, source);
    rememberEntry(day, view);
    const counters = countersOf(day);
    const counted = counters.views.get(view.viewKey);
    if (counted) counted.views++;
    else if (entries >= maxEntries) dropped++;
    else {
      counters.views.set(view.viewKey, {
        day,
        page: view.page,
        referrerHost: view.referrerHost,
        utmSource: view.utmSource,
        utmMedium: view.utmMedium,
        utmCampaign: view.utmCampaign,
        device: view.device,
        views: 1,
      });
      entries++;
    }
    if (!counters.visitors.has(view.visitorKey)) {
      if (entries >= maxEntries) dropped++;
      else {
        counters.visitors.set(view.visitorKey, {
          day,
          page: view.page,
          referrerHost: view.referrerHost,
          utmSource: view.utmSource,
          utmMedium: view.utmMedium,
          utmCampaign: view.utmCampaign,
          visitorDigest: view.visitorDigest,
        });
        entries++;
      }
    }
    if (entries >= maxEntries / 2) void flush();
  };

  /** Whether the address may tap once more this hour (and counts this tap against it). */
  const tapAllowed = (address: string): boolean => {
    const at = nowMs();
    if (at - tapHourStarted >= HOUR_MS || tapsByAddress.size >= MAX_TAPPING_ADDRESSES) {
      tapHourStarted = at;
      tapsByAddress = new Map();
    }
    const made = (tapsByAddress.get(address) ?? 0) + 1;
    tapsByAddress.set(address, made);
    return made <= tapsPerAddressHour;
  };

  const countTap: VisitCounter["countTap"] = (kind, ownSource, visitor) => {
    if (!tapAllowed(visitor.address)) return false;
    const day = dayOf(nowMs());
    if (day !== tapDay) {
      tapDay = day;
      tappedToday = new Set();
    }
    const seenKey = `${kind}\n${ownSource.page}\n${visitor.digest}`;
    if (tappedToday.has(seenKey)) return true;
    if (tappedToday.size >= maxEntries) tappedToday = new Set();
    tappedToday.add(seenKey);
    const entry = !namesOutsideSource(ownSource) ? entrySourceOf(visitor.digest) : undefined;
    const source = capNewValues(day, entry ? { ...entry, page: ownSource.page } : ownSource, {
      capPage: true,
    });
    const counters = countersOf(day);
    const key = `${kind}\n${source.page}\n${visitor.digest}`;
    if (counters.taps.has(key)) return true;
    if (entries >= maxEntries) {
      dropped++;
      return true;
    }
    counters.taps.set(key, { day, kind, ...source, visitorDigest: visitor.digest });
    entries++;
    return true;
  };

  /** Put back what a failed write held, as far as the bound allows. */
  const putBack = (held: Map<string, DayCounters>) => {
    for (const [day, old] of held) {
      const counters = countersOf(day);
      for (const [key, entry] of old.views) {
        const counted = counters.views.get(key);
        if (counted) counted.views += entry.views;
        else if (entries >= maxEntries) dropped += entry.views;
        else {
          counters.views.set(key, entry);
          entries++;
        }
      }
      for (const [key, entry] of old.taps) {
        if (counters.taps.has(key)) continue;
        if (entries >= maxEntries) dropped++;
        else {
          counters.taps.set(key, entry);
          entries++;
        }
      }
      for (const [key, entry] of old.visitors) {
        if (counters.visitors.has(key) || entries >= maxEntries) continue;
        counters.visitors.set(key, entry);
        entries++;
      }
    }
  };

  const write = async () => {
    writeFailure = undefined;
    const held = days;
    days = new Map();
    entries = 0;
    if (dropped) {
      logEvent("error", "visit counts dropped: buffer full", { dropped });
      dropped = 0;
    }
    const batch: CountBatch = { views: [], visitors: [], taps: [] };
    for (const counters of held.values()) {
      batch.views.push(...counters.views.values());
      batch.visitors.push(...counters.visitors.values());
      batch.taps.push(...counters.taps.values());
    }
    if (!batch.views.length && !batch.visitors.length && !batch.taps.length) return;
    try {
      const db = await database();
      // A day stays open for its salt until it is closed (closeDelayMs after it ended).
      const firstOpenDay = siteDay(new Date(now().getTime() - closeDelayMs));
      for (const day of held.keys()) {
        const counters = held.get(day);
        if (salts.has(day) || !(counters?.visitors.size || counters?.taps.size)) continue;
        const salt = await daySalt(db, day, firstOpenDay);
        if (salt) salts.set(day, salt);
      }
      await writeCounts(db, batch, salts, site);
    } catch (error) {
      logEvent("error", "visit counts not written; kept for the next try", { error });
      writeFailure = error;
      putBack(held);
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

  return {
    countView,
    countTap,
    entrySourceOf,
    flush: async () => {
      // A flush in progress took an earlier batch; this one writes what came since.
      await flushing;
      await flush();
    },
    closeFinishedDays: closeDays,
    job: defineJob({
      name: VISIT_COUNTS_JOB,
      // The counts in memory are this instance's own: each instance writes its own.
      scope: "every-instance",
      everyMs: flushMs,
      run: async () => {
        await flush();
        if (writeFailure !== undefined) throw writeFailure;
        try {
          await closeDays();
        } catch (error) {
          logEvent("error", "closing the visit counts' finished days failed", { error });
          throw error;
        }
      },
    }),
    stop: async () => {
      await flushing;
      await flush();
    },
  };
}

/** The counter of this process, when counting is on (process-services.server.ts starts it). */
let active: VisitCounter | undefined;

export function setActiveVisitCounter(counter: VisitCounter | undefined): void {
  active = counter;
}

/** Count a tap on a contact link (accepted, and not counted, while counting is off). */
export function countContactTap(kind: ContactKind, source: VisitSource, visitor: TapVisitor): boolean {
  return active?.countTap(kind, source, visitor) ?? true;
}

/** Count a page that was shown from a prefetch (its own request was not counted). */
export function countShownView(view: PageView): void {
  active?.countView(view, { pageNamedByClient: true });
}

/** Where this visitor came in from today, as this process's counter saw it (none when off). */
export function visitorEntrySource(visitorDigest: string): EntrySource | undefined {
  return active?.entrySourceOf(visitorDigest);
}
