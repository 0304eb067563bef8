import { renderToStaticMarkup } from "react-dom/server";
import type { RenderOnce } from "~/lib/render-once";

/** Each scope's parts by key. A scope is a long-lived object (the company facts). */
const renderedParts = new WeakMap<object, Map<string, string>>();

/** Renders each shared part once per scope and key (see `RenderOnce`). */
export const renderOnce: RenderOnce = (scope, key, part) => {
  let parts = renderedParts.get(scope);
  if (!parts) {
    parts = new Map();
    renderedParts.set(scope, parts);
  }
  let html = parts.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(part());
    parts.set(key, html);
  }
  return html;
};
