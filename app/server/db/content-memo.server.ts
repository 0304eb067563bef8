import type { ContentChanges } from "./content-changes.server";

// What the public pages read from the database, kept in this process until the content-change
// feed says something changed (docs/decisions/0040). The render cache keeps whole pages; this
// keeps their data, so a page rendered anyway (RENDER_CACHE=off, a signed-in visitor, a page
// that needs a nonce) runs no statement while nothing changed: on PostgreSQL each statement
// costs the database more CPU than the site spends on it.
//
// Any change drops every memoised value: changes are rare, and dropping everything cannot get
// a tag mapping wrong. While the feed cannot vouch for what this process knows (no feed: a
// script or a test; PostgreSQL's listener reconnecting), every call reads the database.

/** How many keys one keyed memo holds at most: keys come from URLs (slugs, page numbers). */
export const DEFAULT_MAX_KEYS = 200;

/**
 * How long a value is kept at most, as the render cache keeps a page: a change the database
 * does not announce (an author renaming their account) shows after this time.
 */
const MAX_AGE_MS = 60 * 60 * 1000;

let feed: ContentChanges | undefined;
/** Bumped on every change: a value loaded under an older generation is never used. */
let generation = 0;
let generationStartedAt = Date.now();

function nextGeneration(): void {
  generation += 1;
  generationStartedAt = Date.now();
}

/**
 * Drop every memoised value now: for a write this process made and must show on its next
 * request even before the feed reports it.
 */
export function forgetContent(): void {
  nextGeneration();
}

/** Keep the memos from now on, following `changes`; returns the way to stop. */
export function watchContentMemos(changes: ContentChanges): () => void {
  feed = changes;
  nextGeneration();
  const unsubscribe = changes.subscribe(nextGeneration);
  return () => {
    unsubscribe();
    if (feed === changes) {
      feed = undefined;
      nextGeneration();
    }
  };
}

/** Whether values loaded in the current generation may be used (and applies pending changes). */
function memoUsable(): boolean {
  // On SQLite this reads the changes other processes committed since the last look, which may
  // start a new generation: callers read `generation` after this.
  if (!feed?.isCurrent()) return false;
  if (Date.now() - generationStartedAt > MAX_AGE_MS) nextGeneration();
  return true;
}

export interface KeyedMemoOptions {
  /** The most keys kept; the least recently used one goes first. */
  maxKeys?: number;
}

/**
 * `load`, memoised per key until the next content change. Callers asking for a key being
 * loaded share that load; a failed load is not kept; a load during which content changed is
 * not used after the change (it may hold what was there before). Callers get the same value
 * each time: they must not mutate it.
 */
export function contentMemoByKey<Key, Value>(
  load: (key: Key) => Promise<Value>,
  { maxKeys = DEFAULT_MAX_KEYS }: KeyedMemoOptions = {},
): (key: Key) => Promise<Value> {
  const entries = new Map<Key, Promise<Value>>();
  let heldGeneration = generation;
  return (key) => {
    if (!memoUsable()) return load(key);
    if (heldGeneration !== generation) {
      entries.clear();
      heldGeneration = generation;
    }
    const held = entries.get(key);
    if (held) {
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, held);
      return held;
    }
    const loading = load(key);
    entries.set(key, loading);
    if (entries.size > maxKeys) entries.delete(entries.keys().next().value as Key);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    return loading;
  };
}

/** `load`, memoised until the next content change (see contentMemoByKey). */
export function contentMemo<Value>(load: () => Promise<Value>): () => Promise<Value> {
  const memo = contentMemoByKey<undefined, Value>(() => load(), { maxKeys: 1 });
  return () => memo(undefined);
}
