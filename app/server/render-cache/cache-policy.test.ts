import { describe, expect, it } from "vitest";
import { cacheablePage } from "./cache-policy.server";

const page = (path: string) => cacheablePage(new URL(path, "http://localhost"));

describe("cacheablePage: the blog list", () => {
  it("keeps each list state under one key, ignoring unknown parameters", () => {
    expect(page("/blog?utm_source=x")?.key).toBe("/blog");
    expect(page("/blog?mostrar=8&categoria=fachadas")?.key).toBe("/blog?categoria=fachadas&mostrar=8");
  });
  it("never keeps a search, so made-up queries cannot fill the cache", () => {
    expect(page("/blog?busca=laje")).toBeUndefined();
    expect(page("/blog?categoria=fachadas&busca=laje&mostrar=8")).toBeUndefined();
    expect(page(`/blog?busca=${"x".repeat(10_000)}`)).toBeUndefined();
  });
  it("treats an empty search as the plain list", () => {
    expect(page("/blog?busca=")?.key).toBe("/blog");
    expect(page("/blog?busca=%20&categoria=fachadas")?.key).toBe("/blog?categoria=fachadas");
  });
});
