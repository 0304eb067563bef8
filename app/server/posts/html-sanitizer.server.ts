import sanitizeHtml from "sanitize-html";
import { mediaSrcSet, parseMediaUrl } from "~/lib/media-url";

// The only HTML a post may contain. Everything else (script, style, iframes, event handlers,
// javascript: URLs, inline styles) is removed. Applied when content is stored and again when
// it is rendered, so nothing stored earlier or written to the database directly can run
// script in a visitor's browser.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "blockquote",
    "code",
    "pre",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding", "srcset", "sizes"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Links that leave the site open safely.
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs,
      };
    },
    // Images get an alt text, lazy loading and, for our own stored images, their size and
    // responsive variants (known from the URL), so an article never shifts while it loads.
    img: (tagName, attribs) => {
      const media = parseMediaUrl(attribs.src ?? "");
      const sized: Record<string, string> = media
        ? {
            width: String(media.width),
            height: String(media.height),
            srcset: mediaSrcSet(attribs.src ?? ""),
            sizes: "(min-width: 48rem) 48rem, 100vw",
          }
        : {};
      return {
        tagName,
        attribs: { alt: "Imagem do artigo", ...attribs, ...sized, loading: "lazy", decoding: "async" },
      };
    },
    h1: "h2",
  },
};

/** `html` reduced to what a post may contain: for what an editor sends (a save, a preview). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}

// Every render of a published article sanitises its stored HTML again, and the parse is a large
// part of an uncached article's cost: the latest results are kept, keyed by the exact input, so
// the output is the same as sanitising again. Bounded by characters (inputs and outputs
// together). Drafts being typed go through `sanitizePostHtml` and never push articles out.
const MEMO_MAX_CHARS = 1_000_000;
const MEMO_MAX_INPUT_CHARS = 200_000;
const memo = new Map<string, string>();
let memoChars = 0;

/** `sanitizePostHtml` for an article's stored content as it is rendered to visitors, remembered. */
export function sanitizeArticleHtml(html: string): string {
  const known = memo.get(html);
  if (known !== undefined) {
    // Most recently used last: the Map's order is the eviction order.
    memo.delete(html);
    memo.set(html, known);
    return known;
  }
  const sanitized = sanitizePostHtml(html);
  if (html.length <= MEMO_MAX_INPUT_CHARS) {
    memo.set(html, sanitized);
    memoChars += html.length + sanitized.length;
    for (const [input, output] of memo) {
      if (memoChars <= MEMO_MAX_CHARS) break;
      memo.delete(input);
      memoChars -= input.length + output.length;
    }
  }
  return sanitized;
}
