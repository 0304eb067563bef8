import { createContext, type ReactElement, use } from "react";

/**
 * Renders a part of the page that many pages share (the header, the footer) to HTML once and
 * then reuses it: `scope` is what the part is made from (the company facts), `key` tells its
 * variants apart. Given only to pages without client React, which are never hydrated, so the
 * part can be HTML React does not see. Rendering the header and footer again on every page
 * was about a seventh of an uncached page's time.
 */
export type RenderOnce = (scope: object, key: string, part: () => ReactElement) => string;

export const RenderOnceContext = createContext<RenderOnce | null>(null);

const scopes = new WeakMap<object, WeakMap<object, object>>();

/**
 * One scope made of two (the company facts and a list the part shows): the same object for
 * the same pair, so the part is rendered again only when either changes.
 */
export function pairScope(first: object, second: object): object {
  let inner = scopes.get(first);
  if (!inner) {
    inner = new WeakMap();
    scopes.set(first, inner);
  }
  let scope = inner.get(second);
  if (!scope) {
    scope = {};
    inner.set(second, scope);
  }
  return scope;
}

interface SharedPartProps {
  tag: "header" | "footer";
  className: string;
  /** What the part is made from; a new scope renders it again. */
  scope: object;
  /** Tells the part's variants within a scope apart. */
  partKey: string;
  /** The part's inside; it must not read React context other than what it provides itself. */
  render: () => ReactElement;
}

/**
 * `<header>` or `<footer>` around a shared part: its inside rendered once and reused as HTML
 * where the page allows (RenderOnceContext), rendered by React as usual elsewhere.
 */
export function SharedPart({ tag: Tag, className, scope, partKey, render }: SharedPartProps) {
  const renderOnce = use(RenderOnceContext);
  if (!renderOnce) return <Tag className={className}>{render()}</Tag>;
  return (
    <Tag
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup, rendered by React once
      dangerouslySetInnerHTML={{ __html: renderOnce(scope, partKey, render) }}
    />
  );
}
