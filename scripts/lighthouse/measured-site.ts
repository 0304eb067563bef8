import { mkdtempSync } from "node:fs";
import path from "node:path";
import { startServer } from "../../harness/server.ts";
import { startCluster } from "../../harness/site-cluster.ts";
import { cleanups } from "../cleanups.ts";
import { type SiteRequest, signIn } from "../lighthouse-admin.ts";
import { buildFingerprint } from "./build-watch.ts";

/** What Lighthouse loads: the address of the pages, and the server's own one (for the uploads). */
interface MeasuredSite {
  /** Where the pages are loaded: Caddy (https://…) or, with --direct, the server itself. */
  url: string;
  /** The server itself (http://127.0.0.1:…), whatever is in front of it. */
  serverUrl: string;
  /** The site's PUBLIC_URL: its session cookie's name depends on it. */
  publicUrl: string;
  /** A request to `url` (through Caddy when it is in front), redirects not followed. */
  request: SiteRequest;
  stop: () => Promise<void>;
}

/**
 * The site being measured, the build/ it was started on and, when admin pages are measured, the
 * administrator's session cookie on it ("name=value").
 */
export interface LiveSite {
  server: MeasuredSite | null;
  build: string;
  sessionCookie?: string;
}

/**
 * The site Lighthouse measures, on the server environment `serverEnv` (its data in `dataDir`),
 * started again by `restartServer` whenever build/ changed.
 */
export function measuredSite({
  direct,
  serverEnv,
  dataDir,
  measuresAdmin,
}: {
  direct: boolean;
  serverEnv: Record<string, string>;
  dataDir: string;
  measuresAdmin: boolean;
}): { live: LiveSite; restartServer: () => Promise<MeasuredSite> } {
  const live: LiveSite = {
    server: null,
    build: "",
  };
  cleanups.push(() => live.server?.stop());

  /** A request to the server's own port (plain HTTP), in the shape of the cluster's `request`. */
  function directRequest(baseUrl: string): SiteRequest {
    return async (pathname, init) => {
      const response = await fetch(new URL(pathname, baseUrl), { ...init, redirect: "manual" });
      const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
      headers["set-cookie"] = response.headers.getSetCookie();
      return { status: response.status, headers, text: await response.text() };
    };
  }

  async function startMeasuredSite(): Promise<MeasuredSite> {
    if (direct) {
      const server = await startServer(serverEnv);
      return {
        url: server.url,
        serverUrl: server.url,
        publicUrl: server.url,
        request: directRequest(server.url),
        stop: server.stop,
      };
    }
    const cluster = await startCluster({
      instances: 1,
      env: serverEnv,
      workDir: mkdtempSync(path.join(dataDir, "caddy-")),
    });
    const serverUrl = cluster.instances[0]?.url ?? cluster.url;
    return {
      url: cluster.url,
      serverUrl,
      publicUrl: cluster.url,
      request: cluster.request,
      stop: cluster.stop,
    };
  }

  async function restartServer(): Promise<MeasuredSite> {
    await live.server?.stop();
    live.server = null;
    live.sessionCookie = undefined;
    live.build = buildFingerprint();
    try {
      live.server = await startMeasuredSite();
    } catch (error) {
      throw new Error(
        `o servidor não iniciou: ${(error as Error).message}${direct ? "" : " (--direct mede sem o Caddy)"}`,
      );
    }
    // Signed in again on every start: through Caddy the site's address (and so its origin) is new.
    if (measuresAdmin) live.sessionCookie = await signIn(live.server.request, live.server.publicUrl);
    return live.server;
  }

  return { live, restartServer };
}
