import { describe, expect, it } from "vitest";
import { blogListHref } from "./blog-href";
import { parseBlogQuery } from "./blog-query";

const parse = (query: string) => parseBlogQuery(new URLSearchParams(query));

describe("parseBlogQuery", () => {
  it("defaults to every category and four posts", () => {
    expect(parse("")).toEqual({ categorySlug: null, visible: 4 });
  });
  it("reads the category and the visible count", () => {
    expect(parse("categoria=fachadas&mostrar=8")).toEqual({ categorySlug: "fachadas", visible: 8 });
  });
  it("rounds the count up to whole steps of four and caps it", () => {
    expect(parse("mostrar=5").visible).toBe(8);
    expect(parse("mostrar=100000").visible).toBe(200);
  });
  it("falls back on nonsense instead of failing", () => {
    expect(parse("mostrar=abc&categoria=<script>")).toEqual({ categorySlug: null, visible: 4 });
    expect(parse("mostrar=-8").visible).toBe(4);
    expect(parse("mostrar=2.5").visible).toBe(4);
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
});
