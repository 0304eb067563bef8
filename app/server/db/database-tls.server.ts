import { isLoopbackAddress } from "../platform/ip-address.server.ts";
import type { DatabaseConfig } from "./config.server.ts";

// A DATABASE_URL to another machine without sslmode: node-postgres then connects without TLS,
// so the database password and every quote request cross the network in clear. Nothing stops
// the start (a private network may be acceptable); the start-up log and Site health say so.
// Loaded by the maintenance scripts without a build: relative .ts imports only.

/** Where the driver connects: ?host= wins over the URL's host, as node-postgres reads it. */
function connectionHost(url: URL): string {
  const fromQuery = url.searchParams.get("host");
  if (fromQuery) return fromQuery;
  return decodeURIComponent(url.hostname).replace(/^\[(.+)\]$/, "$1");
}

/** A Unix socket (a path), localhost, 127.0.0.0/8 or ::1: the connection never leaves the machine. */
function isLocalHost(host: string): boolean {
  return host === "" || host.startsWith("/") || host.toLowerCase() === "localhost" || isLoopbackAddress(host);
}

/** sslmode (anything but disable) or ssl=true in the URL: node-postgres uses TLS. */
function asksForTls(url: URL): boolean {
  const mode = url.searchParams.get("sslmode");
  if (mode !== null) return mode !== "disable";
  return ["true", "1"].includes(url.searchParams.get("ssl") ?? "");
}

/** The host a PostgreSQL database is reached on without TLS, or undefined when it is fine. */
export function hostWithoutTls(config: DatabaseConfig): string | undefined {
  if (config.engine !== "postgres") return undefined;
  const url = new URL(config.url);
  const host = connectionHost(url);
  return isLocalHost(host) || asksForTls(url) ? undefined : host;
}

/** What to do, in pt-BR (the start-up warning and the Site health row end with it). */
export const DATABASE_TLS_HOW_TO =
  "Acrescente sslmode=verify-full (ou sslmode=require) a DATABASE_URL, como em " +
  "postgres://usuario:senha@servidor:5432/banco?sslmode=verify-full, e reinicie o site.";

/** The start-up warning, or undefined when the connection stays on this machine or uses TLS. */
export function databaseTlsWarning(config: DatabaseConfig): string | undefined {
  const host = hostWithoutTls(config);
  if (host === undefined) return undefined;
  return (
    `Banco de dados sem TLS: DATABASE_URL aponta para outra máquina (${host}) sem sslmode, então a ` +
    `senha do banco e os dados trafegam sem criptografia. ${DATABASE_TLS_HOW_TO}`
  );
}
