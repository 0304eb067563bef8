import { describe, expect, it } from "vitest";
import { type CachedPage, PageStore } from "./page-store.server";

function page(tags: string[], bytes = 100, storedAt = 0): CachedPage {
  return {
    status: 200,
    contentType: "text/html; charset=utf-8",
    etag: 'W/"x"',
    tags,
    slots: [],
    identity: Buffer.alloc(bytes),
    gzip: undefined,
    br: undefined,
    storedAt,
  };
}

describe("PageStore", () => {
  it("purges exactly the pages carrying a tag", () => {
    const store = new PageStore({ maxBytes: 1_000_000, maxAgeMs: 60_000, now: () => 0 });
    store.set("/blog", page(["blog"]), store.generation);
    store.set("/blog/a", page(["post:a", "category:1"]), store.generation);
    store.set("/blog/b", page(["post:b", "category:2"]), store.generation);
    store.set("/obras", page(["static"]), store.generation);
    expect(store.purge(["blog", "category:1"])).toBe(2);
    expect(store.get("/blog")).toBeUndefined();
    expect(store.get("/blog/a")).toBeUndefined();
    expect(store.get("/blog/b")).toBeDefined();
    expect(store.get("/obras")).toBeDefined();
    expect(store.purge(["post:unknown"])).toBe(0);
  });

  it("refuses a page rendered before a purge, which may show the old content", () => {
    const store = new PageStore({ maxBytes: 1_000_000, maxAgeMs: 60_000, now: () => 0 });
    const renderStarted = store.generation;
    store.purge(["post:a"]);
    expect(store.set("/blog/a", page(["post:a"]), renderStarted)).toBe(false);
    expect(store.get("/blog/a")).toBeUndefined();
    expect(store.set("/blog/a", page(["post:a"]), store.generation)).toBe(true);
  });

  it("evicts the least recently used pages beyond its byte budget", () => {
    const perPage = 100 + 512; // body plus the store's bookkeeping estimate
    const store = new PageStore({ maxBytes: 5 * perPage, maxAgeMs: 60_000, now: () => 0 });
    for (const key of ["/a", "/b", "/c", "/d", "/e"]) store.set(key, page(["t"]), store.generation);
    store.get("/a");
    store.set("/f", page(["t"]), store.generation);
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.get("/f")).toBeDefined();
    expect(store.size).toEqual({ pages: 5, bytes: 5 * perPage });
    expect(store.purge(["t"])).toBe(5);
    expect(store.size).toEqual({ pages: 0, bytes: 0 });
  });

  it("does not keep a page larger than a quarter of the budget", () => {
    const store = new PageStore({ maxBytes: 4000, maxAgeMs: 60_000, now: () => 0 });
    expect(store.set("/sitemap.xml", page(["blog"], 600), store.generation)).toBe(false);
    expect(store.set("/", page(["static"], 400), store.generation)).toBe(true);
  });

  it("re-renders pages older than the maximum age", () => {
    let now = 0;
    const store = new PageStore({ maxBytes: 1_000_000, maxAgeMs: 1000, now: () => now });
    store.set("/", page(["static"], 100, 0), store.generation);
    now = 999;
    expect(store.get("/")).toBeDefined();
    now = 1001;
    expect(store.get("/")).toBeUndefined();
    expect(store.size.pages).toBe(0);
  });
});
