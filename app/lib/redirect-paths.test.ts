import { describe, expect, it } from "vitest";
import {
  isSitePath,
  parseRedirectSource,
  parseRedirectTarget,
  redirectKey,
  targetPathOf,
} from "./redirect-paths";

const SITE = ["https://www.exemplo.com.br", "http://127.0.0.1:5111"];

describe("redirect paths", () => {
  it("keys a path without its trailing slash, in the encoding a request's URL has", () => {
    expect(redirectKey("/2019/05/minha-obra/")).toBe("/2019/05/minha-obra");
    expect(redirectKey("/")).toBe("/");
    expect(parseRedirectSource("/obra-ação/", SITE)).toEqual({ ok: true, path: "/obra-a%C3%A7%C3%A3o" });
    expect(parseRedirectSource("https://www.exemplo.com.br/2019/05/x/", SITE)).toEqual({
      ok: true,
      path: "/2019/05/x",
    });
  });

  it("refuses other hosts, dot segments, relative paths, queries and the site's own pages, in pt-BR", () => {
    const message = (result: ReturnType<typeof parseRedirectSource>) => (result.ok ? "" : result.message);
    expect(message(parseRedirectSource("https://evil.example/x", SITE))).toMatch(/não de outro domínio/);
    expect(message(parseRedirectSource("//evil.example/x", SITE))).toMatch(/deve começar com "\/"/);
    expect(message(parseRedirectSource("/a/../admin", SITE))).toMatch(/segmentos/);
    expect(message(parseRedirectSource("/a/%2E%2E/admin", SITE))).toMatch(/segmentos/);
    expect(message(parseRedirectSource("sem-barra", SITE))).toMatch(/deve começar/);
    expect(message(parseRedirectSource("/?p=123", SITE))).toMatch(/"\?" nem "#"/);
    expect(message(parseRedirectSource("/a b", SITE))).toMatch(/espaços/);
    expect(message(parseRedirectSource("", SITE))).toMatch(/obrigatório/);
    for (const own of [
      "/",
      "/blog/",
      "/ADMIN/posts",
      "/admin.data",
      "/obras/x",
      "/media/a/b.webp",
      "/sitemap.xml",
    ]) {
      expect(message(parseRedirectSource(own, SITE)), own).toMatch(/página do próprio site/);
    }
    expect(message(parseRedirectTarget("javascript:alert(1)", SITE))).toMatch(/não de outro domínio/);
    expect(message(parseRedirectTarget("/admin/posts", SITE))).toMatch(/painel/);
  });

  it("keeps a destination's query and fragment, and compares destinations by their path", () => {
    expect(parseRedirectTarget("/contato/?origem=antigo#form", SITE)).toEqual({
      ok: true,
      path: "/contato?origem=antigo#form",
    });
    expect(targetPathOf("/contato?origem=antigo#form")).toBe("/contato");
    expect(isSitePath("/2019/05/x")).toBe(false);
  });
});
