import type { Context } from "hono";

/** Hono's `c.res =` merges the old response's headers into the new one; start clean. */
export function replaceResponse(c: Context, response: Response): Response {
  c.res = undefined;
  c.res = response;
  return response;
}
