/**
 * A page rendered by React is a string. Passed around as a Response body, it becomes a web
 * stream the moment anything reads `.body`, and React Router's own response check does: the
 * encoding, the stream and reading it back cost about a tenth of an uncached page's time. So a
 * rendered page leaves React Router as a Response without a body, its HTML kept here
 * (`detachedPage`); the HTTP layer attaches it again (`attachRenderedBody`) as a string body
 * that is sent, compressed and cached without any stream. Each string lives as long as its
 * Response. This relies on React Router returning the renderer's Response object as it is;
 * tests/unit/react-router-seams.test.ts fails, naming the change, if an upgrade copies it.
 */
const detachedHtml = new WeakMap<Response, string>();
const renderedHtml = new WeakMap<Response, string>();
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
export function detachedPage(html: string, init: ResponseInit): Response {
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

/** A page's answer with a string body, kept for `responseBytes` and `renderedHtmlOf`. */
export function renderedPageResponse(html: string, init: ResponseInit): Response {
  const response = new Response(html, init);
  renderedHtml.set(response, html);
  return response;
}

/** The whole body of an answer, taken from the rendered string when there is one. */
export async function responseBytes(response: Response): Promise<Buffer> {
  const html = renderedHtml.get(response);
  if (html !== undefined) return Buffer.from(html);
  return Buffer.from(await response.arrayBuffer());
}

/** A rendered page's HTML, when the answer is one. */
export function renderedHtmlOf(response: Response): string | undefined {
  return renderedHtml.get(response);
}

/** Whether an answer has a body, without turning a rendered page's string into a stream. */
export function responseHasBody(response: Response): boolean {
  return renderedHtml.has(response) || response.body !== null;
}
