import type { SlotName } from "./render-slots.server";

/** A rendered public response, kept with its compressed bodies so a hit costs no work. */
export interface CachedPage {
  status: number;
  contentType: string;
  /** Weak validator of the uncompressed body; absent when the body has per-response slots. */
  etag: string | undefined;
  /** Tags a content change names to purge this page (see migration 0004). */
  tags: string[];
  /** Per-response values to fill into the body (the quote form's token); none for most pages. */
  slots: readonly SlotName[];
  identity: Buffer;
  gzip: Buffer | undefined;
  br: Buffer | undefined;
  storedAt: number;
}

export interface PageStoreOptions {
  maxBytes: number;
  /** Pages are re-rendered at least this often, even when nothing announced a change (the
   *  footer's year, a deploy of new templates behind a shared database). */
  maxAgeMs: number;
  now?: () => number;
}

function pageBytes(page: CachedPage): number {
  return page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0) + 512;
}

/**
 * Rendered pages by URL, least recently used first out when the byte budget is spent, each
 * findable by its tags so a content change purges exactly the pages that show it.
 */
export class PageStore {
  private readonly pages = new Map<string, CachedPage>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  private generationCounter = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Increases on every purge. A render that started before a purge may hold old content, so
   * `set` refuses it when the generation it saw at the start is no longer current.
   */
  get generation(): number {
    return this.generationCounter;
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt > this.options.maxAgeMs) {
      this.remove(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks it as the most recently used.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keep a page rendered while `generation` was current; false when it is too late or too big. */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (generation !== this.generationCounter) return false;
    const bytes = pageBytes(page);
    if (bytes > this.options.maxBytes / 4) return false;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += bytes;
    for (const tag of page.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(key);
    }
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  /** Forget every page carrying one of the tags. */
  purge(tags: Iterable<string>): number {
    this.generationCounter++;
    let removed = 0;
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) removed += this.remove(key) ? 1 : 0;
    }
    return removed;
  }

  clear(): void {
    this.generationCounter++;
    this.pages.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  private remove(key: string): boolean {
    const page = this.pages.get(key);
    if (!page) return false;
    this.pages.delete(key);
    this.bytes -= pageBytes(page);
    for (const tag of page.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    return true;
  }
}
