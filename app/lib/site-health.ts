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

/**
 * One row, written for the owner: a short title, and a detail that says in plain words what is
 * wrong and what it means for the company (unless the status is ok). Commands, variables and
 * raw errors go in `technical`, folded under "Detalhes para quem cuida do servidor".
 */
export interface HealthRow {
  id: HealthCheckId;
  status: HealthStatus;
  title: string;
  detail: string;
  /** What the person who runs the server needs: the command, the setting, the error. */
  technical?: string;
}
