import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApplyChange, ContentChanges } from "~/server/db/content-changes.server";
import {
  contentMemo,
  contentMemoByKey,
  forgetContent,
  watchContentMemos,
} from "~/server/db/content-memo.server";

// The memo of what public pages read: kept while the content-change feed vouches for it,
// dropped on any change, never holding what was loaded across a change.

/** A feed the test drives: whether it is current, and the changes it announces. */
function fakeFeed() {
  const listeners = new Set<ApplyChange>();
  const state = { current: true };
  const changes: ContentChanges = {
    isCurrent: () => state.current,
    settle: async () => {},
    stop: async () => {},
    subscribe: (apply) => {
      listeners.add(apply);
      return () => listeners.delete(apply);
    },
  };
  const announce = (change: Parameters<ApplyChange>[0]) => {
    for (const apply of listeners) apply(change);
  };
  return { changes, state, announce, listeners };
}

/** A loader that counts its calls and answers a new version each time. */
function countingLoader() {
  const calls: string[] = [];
  let version = 0;
  const load = async (key: string) => {
    calls.push(key);
    version += 1;
    return { key, version };
  };
  return { load, calls };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("content memo", () => {
  let feed: ReturnType<typeof fakeFeed>;
  let stop: () => void;

  beforeEach(() => {
    feed = fakeFeed();
    stop = watchContentMemos(feed.changes);
  });
  afterEach(() => stop());

  it("loads once and hands every caller the same value until content changes", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemo(() => load("único"));
    const first = await memo();
    expect(await memo()).toBe(first);
    expect(calls).toEqual(["único"]);

    feed.announce({ tags: ["obras"] });
    const after = await memo();
    expect(after).not.toBe(first);
    expect(after.version).toBe(2);
  });

  it("drops every key on any change, whatever its tags", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemoByKey(load);
    await memo("a");
    await memo("b");
    feed.announce({ tags: ["post:outro"] });
    await memo("a");
    await memo("b");
    feed.announce("everything");
    await memo("a");
    expect(calls).toEqual(["a", "b", "a", "b", "a"]);
  });

  it("shares one load between callers of a missing key", async () => {
    const gate = deferred<string>();
    let loads = 0;
    const memo = contentMemoByKey(async (key: string) => {
      loads += 1;
      return `${key}:${await gate.promise}`;
    });
    const both = Promise.all([memo("x"), memo("x")]);
    gate.resolve("pronto");
    expect(await both).toEqual(["x:pronto", "x:pronto"]);
    expect(loads).toBe(1);
  });

  it("does not keep a load during which content changed", async () => {
    const gates = [deferred<string>(), deferred<string>()];
    let loads = 0;
    const memo = contentMemo(async () => {
      const gate = gates[loads];
      loads += 1;
      return (await gate?.promise) ?? "sem portão";
    });
    const before = memo();
    feed.announce({ tags: ["blog"] });
    // A caller after the change does not get the load that began before it.
    const after = memo();
    gates[0]?.resolve("antigo");
    gates[1]?.resolve("novo");
    expect(await before).toBe("antigo");
    expect(await after).toBe("novo");
    expect(await memo()).toBe("novo");
    expect(loads).toBe(2);
  });

  it("reads every time while the feed cannot vouch for what it holds", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemoByKey(load);
    await memo("a");
    feed.state.current = false;
    await memo("a");
    await memo("a");
    expect(calls).toEqual(["a", "a", "a"]);
  });

  it("reads every time without a feed (scripts, tests)", async () => {
    stop();
    const { load, calls } = countingLoader();
    const memo = contentMemoByKey(load);
    await memo("a");
    await memo("a");
    expect(calls).toEqual(["a", "a"]);
  });

  it("does not keep a failed load", async () => {
    let fail = true;
    let loads = 0;
    const memo = contentMemo(async () => {
      loads += 1;
      if (fail) throw new Error("banco fora do ar");
      return "lido";
    });
    await expect(memo()).rejects.toThrow("banco fora do ar");
    fail = false;
    expect(await memo()).toBe("lido");
    expect(await memo()).toBe("lido");
    expect(loads).toBe(2);
  });

  it("holds at most maxKeys keys, dropping the least recently used", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemoByKey(load, { maxKeys: 2 });
    await memo("a");
    await memo("b");
    await memo("a"); // a is now the most recently used
    await memo("c"); // b goes
    calls.length = 0;
    await memo("a");
    await memo("c");
    expect(calls).toEqual([]);
    await memo("b");
    expect(calls).toEqual(["b"]);
  });

  it("forgets everything when this process says it wrote content", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemo(() => load("x"));
    await memo();
    forgetContent();
    await memo();
    expect(calls).toEqual(["x", "x"]);
  });

  it("stops following the feed when told to", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemo(() => load("x"));
    await memo();
    stop();
    expect(feed.listeners.size).toBe(0);
    await memo();
    await memo();
    expect(calls).toEqual(["x", "x", "x"]);
  });

  it("keeps a value an hour at most, as the render cache keeps a page", async () => {
    const { load, calls } = countingLoader();
    const memo = contentMemo(() => load("x"));
    await memo();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 59 * 60_000 });
    try {
      await memo();
      expect(calls).toEqual(["x"]);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await memo();
      expect(calls).toEqual(["x", "x"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
