// The admin home's health list, in the manner of WordPress's Site Health: one row per check,
// computed on the server (app/server/dashboard/site-health.server.ts), drawn by the page.
// Client-safe: types only.

/** ok: nothing to do; warning: worth a look; error: something is broken or at risk. */
export type HealthStatus = "ok" | "warning" | "error";

/** What the checks are; each appears once, in this order, then one row per job of the site. */
export type HealthCheckId =
  | "smtp"
  | "outbox"
  | "backup"
  | "public-url"
  | "database-tls"
  | "second-factor"
  | "invitations"
  | `job:${string}`;

/** One row: a short title, and a detail that, unless the status is ok, says what to do. */
export interface HealthRow {
  id: HealthCheckId;
  status: HealthStatus;
  title: string;
  detail: string;
}
