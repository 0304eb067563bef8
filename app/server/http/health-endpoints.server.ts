import type { Handler } from "hono";
import { databaseAnswers } from "./database-answers.server";
import { isDraining } from "./readiness.server";

/** How long /readyz waits for the database before it says the instance is not ready. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * /healthz, liveness: the process answers, also while the database is away (cached pages are
 * served and the site recovers by itself), so neither a service manager nor the proxy gives up on
 * it. It says 503 only while the instance drains before stopping: the proxy's health check
 * (deploy/Caddyfile) then sends the requests to the other instances.
 */
export const liveness: Handler = (c) =>
  isDraining() ? c.json({ status: "stopping" }, 503) : c.json({ status: "ok" });

/**
 * /readyz, readiness: this instance can serve everything now (the database answers); a load
 * balancer sends it nothing while this says 503. The server listens only once migrations have run.
 */
export const readiness: Handler = async (c) => {
  if (isDraining()) return c.json({ status: "stopping" }, 503);
  const reachable = await databaseAnswers(READINESS_TIMEOUT_MS);
  return reachable
    ? c.json({ status: "ok", database: "ok" })
    : c.json({ status: "unavailable", database: "unavailable" }, 503);
};
