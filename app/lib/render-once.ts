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

/** The renderer when this page may reuse shared parts, or null (hydrated pages, the browser). */
export function useRenderOnce(): RenderOnce | null {
  return use(RenderOnceContext);
}
