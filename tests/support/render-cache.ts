import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";

/**
 * Fetches a page as an anonymous visitor until the render cache answers it ("hit"), and returns
 * that answer. Not just twice: on PostgreSQL a change a test wrote through its own connection
 * reaches the server as a notice, which can purge the copy the first request cached, and other
 * tests on the shared server change pages meanwhile.
 */
export async function cachedPage(request: APIRequestContext, path: string): Promise<APIResponse> {
  let response: APIResponse | undefined;
  await expect
    .poll(
      async () => {
        response = await request.get(path, { maxRedirects: 0 });
        return response.headers()["x-render-cache"];
      },
      { message: path },
    )
    .toBe("hit");
  if (!response) throw new Error(`no answer for ${path}`);
  return response;
}
