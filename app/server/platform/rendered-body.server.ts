/**
 * A page rendered by React is a string (renderToString) or UTF-8 bytes (the streaming renderer,
 * kept as they came: decoding them to a string only to encode them again for the compressor cost
 * a tenth of a long admin list's time). Passed around as a Response body, it becomes a web
 * stream the moment anything reads `.body`, and React Router's own response check does: the
 * encoding, the stream and reading it back cost about a tenth of an uncached page's time. So a
 * rendered page leaves React Router as a Response without a body, its HTML kept here
 * (`detachedPage`); the HTTP layer attaches it again (`attachRenderedBody`) as a body that is
 * sent, compressed and cached without any stream. Each page lives as long as its Response.
 * This relies on React Router returning the renderer's Response object as it is;
 * the React Router seams test (tests/unit) fails, naming the change, if an upgrade copies it.
 */
export type RenderedHtml = string | Buffer;

const detachedHtml = new WeakMap<Response, RenderedHtml>();
const renderedHtml = new WeakMap<Response, RenderedHtml>();
const errorPages = new WeakSet<Response>();

/** The renderer drew an error boundary instead of the page (a loader, an action or a render failed). */
export function markErrorPage(response: Response): Response {
  errorPages.add(response);
  return response;
}

export function isErrorPage(response: Response): boolean {
  return errorPages.has(response);
}

/** What the renderer returns to React Router: no body yet, the page's HTML kept aside. */
export function detachedPage(html: RenderedHtml, init: ResponseInit): Response {
  const response = new Response(null, init);
  detachedHtml.set(response, html);
  return response;
}

/** React Router's answer, with the page's HTML as its body again when it was detached. */
export function attachRenderedBody(response: Response): Response {
  const html = detachedHtml.get(response);
  if (html === undefined) return response;
  return renderedPageResponse(html, { status: response.status, headers: response.headers });
}

/** A page's answer with its HTML as the body, kept for `responseBytes` and `renderedHtmlOf`. */
export function renderedPageResponse(html: RenderedHtml, init: ResponseInit): Response {
  const response = new Response(html as string | Uint8Array<ArrayBuffer>, init);
  renderedHtml.set(response, html);
  return response;
}

/** The whole body of an answer, taken from the rendered page when there is one. */
export async function responseBytes(response: Response): Promise<Buffer> {
  const html = renderedHtml.get(response);
  if (html !== undefined) return typeof html === "string" ? Buffer.from(html) : html;
  return Buffer.from(await response.arrayBuffer());
}

/** A rendered page's HTML as the renderer left it (string or bytes), when the answer is one. */
export function renderedHtmlOf(response: Response): RenderedHtml | undefined {
  return renderedHtml.get(response);
}

/** A rendered page's HTML as text, for the code that edits it. */
export function renderedTextOf(response: Response): string | undefined {
  const html = renderedHtml.get(response);
  return typeof html === "string" || html === undefined ? html : html.toString("utf8");
}

/** Whether an answer has a body, without turning a rendered page's string into a stream. */
export function responseHasBody(response: Response): boolean {
  return renderedHtml.has(response) || response.body !== null;
}
