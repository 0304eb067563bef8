import type { RenderCacheVariables } from "../render-cache/render-cache.server";

/** What the HTTP app's steps keep about a request for the steps after them. */
export interface AppEnv {
  Variables: RenderCacheVariables & {
    nonce: string;
    requestId: string;
  };
}
