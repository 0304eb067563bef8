import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml, sanitizePostHtml } from "./html-sanitizer.server";

describe("sanitizePostHtml", () => {
  it("keeps headings, paragraphs, lists, emphasis, quotes, links and images", () => {
    const html =
      '<h2>Título</h2><h3>Sub</h3><p>Um <strong>texto</strong> <em>bom</em>.</p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>c</blockquote><p><a href="/contato">fale</a></p><img src="/media/x.webp" alt="x">';
    const out = sanitizePostHtml(html);
    for (const fragment of [
      "<h2>Título</h2>",
      "<h3>Sub</h3>",
      "<strong>texto</strong>",
      "<em>bom</em>",
      "<ul><li>a</li></ul>",
      "<ol><li>b</li></ol>",
      "<blockquote>c</blockquote>",
      '<a href="/contato">fale</a>',
    ]) {
      expect(out).toContain(fragment);
    }
    expect(out).toContain('<img alt="x" src="/media/x.webp" loading="lazy" decoding="async" />');
  });

  it("gives images an alt text and, for stored images, their size and responsive variants", () => {
    expect(sanitizePostHtml('<img src="/illustrations/a.svg">')).toContain('alt="Imagem do artigo"');
    const hash = "a".repeat(32);
    const out = sanitizePostHtml(`<img src="/media/${hash}/1024x768.webp" alt="Fachada">`);
    expect(out).toContain('width="1024"');
    expect(out).toContain('height="768"');
    expect(out).toContain(`/media/${hash}/400.webp 400w`);
    expect(out).toContain('alt="Fachada"');
  });

  it("removes scripts, event handlers, javascript: URLs, iframes and styles", () => {
    const out = sanitizePostHtml(
      '<p onclick="alert(1)" style="color:red">x</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">y</a><iframe src="https://evil.example"></iframe><style>body{}</style><svg onload="alert(1)"></svg>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|style|svg/i);
    expect(out).toContain("<p>x</p>");
    expect(out).toContain("<a>y</a>");
  });

  it("makes external links open safely and demotes h1", () => {
    const out = sanitizePostHtml('<h1>A</h1><a href="https://abnt.org.br">ABNT</a>');
    expect(out).toContain("<h2>A</h2>");
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('target="_blank"');
  });

  it("as an article is rendered, answers a repeated input as the first time, also after many others", () => {
    const dangerous = '<p onclick="x()">Olá<script>alert(1)</script></p><a href="javascript:x()">a</a>';
    const first = sanitizeArticleHtml(dangerous);
    expect(first).toBe("<p>Olá</p><a>a</a>");
    expect(sanitizePostHtml(dangerous)).toBe(first);
    for (let i = 0; i < 200; i++) sanitizeArticleHtml(`<p>${"x".repeat(10_000)}${i}<script>y</script></p>`);
    expect(sanitizeArticleHtml(dangerous)).toBe(first);
    expect(sanitizeArticleHtml(dangerous)).toBe(first);
  });
});
