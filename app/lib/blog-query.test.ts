import { describe, expect, it } from "vitest";
import { blogListHref } from "./blog-href";
import { parseBlogQuery } from "./blog-query";

const parse = (query: string) => parseBlogQuery(new URLSearchParams(query));

describe("parseBlogQuery", () => {
  it("defaults to every category and four posts", () => {
    expect(parse("")).toEqual({ categorySlug: null, visible: 4, search: null, searchTooLong: false });
  });
  it("reads the category and the visible count", () => {
    expect(parse("categoria=fachadas&mostrar=8")).toEqual({
      categorySlug: "fachadas",
      visible: 8,
      search: null,
      searchTooLong: false,
    });
  });
  it("rounds the count up to whole steps of four and caps it", () => {
    expect(parse("mostrar=5").visible).toBe(8);
    expect(parse("mostrar=100000").visible).toBe(200);
  });
  it("falls back on nonsense instead of failing", () => {
    expect(parse("mostrar=abc&categoria=<script>")).toEqual({
      categorySlug: null,
      visible: 4,
      search: null,
      searchTooLong: false,
    });
    expect(parse("mostrar=-8").visible).toBe(4);
    expect(parse("mostrar=2.5").visible).toBe(4);
  });
});

describe("parseBlogQuery: the search", () => {
  it("keeps the words as typed, with spaces and control characters tidied", () => {
    expect(parse("busca=%20Impermeabiliza%C3%A7%C3%A3o%20%20de\tlajes%20").search).toBe(
      "Impermeabilização de lajes",
    );
    expect(parse("busca=a%00b%0Ac").search).toBe("a b c");
  });
  it("treats an empty or blank search as no search", () => {
    expect(parse("busca=").search).toBeNull();
    expect(parse("busca=%20%20").search).toBeNull();
  });
  it("cuts a search over 100 characters at a character boundary and flags it", () => {
    const long = parse(`busca=${"🏠".repeat(150)}`);
    expect(long).toMatchObject({ searchTooLong: true, search: "🏠".repeat(100) });
    expect(parse(`busca=${"a".repeat(100)}`).searchTooLong).toBe(false);
    expect(parse(`busca=${"a".repeat(10_000)}`).search).toHaveLength(100);
  });
});

describe("blogListHref", () => {
  it("leaves defaults out", () => {
    expect(blogListHref({ categorySlug: null, visible: 4 })).toBe("/blog");
    expect(blogListHref({ categorySlug: "fachadas", visible: 4 })).toBe("/blog?categoria=fachadas");
    expect(blogListHref({ categorySlug: "fachadas", visible: 12 })).toBe(
      "/blog?categoria=fachadas&mostrar=12",
    );
    expect(blogListHref({ categorySlug: null, visible: 8 })).toBe("/blog?mostrar=8");
  });
  it("keeps the search between the category and the count", () => {
    expect(blogListHref({ categorySlug: "fachadas", visible: 8, search: "laje & calha" })).toBe(
      "/blog?categoria=fachadas&busca=laje+%26+calha&mostrar=8",
    );
    expect(blogListHref({ categorySlug: null, visible: 4, search: null })).toBe("/blog");
  });
});
