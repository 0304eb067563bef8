/**
 * React Router hands a rendered page to the HTTP layer as a Response whose body is a web
 * stream made from the HTML string. Compression and the render cache need the bytes; reading
 * them back through the stream costs an encoding, a stream and copies per page. The string
 * each page was rendered to is kept beside its Response instead, for as long as the Response
 * lives.
 */
const renderedHtml = new WeakMap<Response, string>();

/** A rendered page's answer, with its HTML string kept for `responseBytes`. */
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

/** The whole body of an answer as text, taken from the rendered string when there is one. */
export async function responseText(response: Response): Promise<string> {
  return renderedHtml.get(response) ?? (await response.text());
}

/** Whether an answer has a body, without turning a rendered page's string into a stream. */
export function responseHasBody(response: Response): boolean {
  return renderedHtml.has(response) || response.body !== null;
}
