import { z } from "zod";

// Whether this instance should get new requests. On SIGTERM it first says no (/healthz and
// /readyz answer 503) and keeps serving for SHUTDOWN_DRAIN_SECONDS, so the proxy's health check moves traffic to
// the other instances before this one stops accepting connections: a rolling restart loses
// nothing, not even a request on a connection the proxy was about to reuse.

let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

export const shutdownDrainSchema = z
  .string()
  .trim()
  .refine(
    (value) => /^\d{1,2}(\.\d+)?$/.test(value) && Number(value) <= 60,
    "SHUTDOWN_DRAIN_SECONDS: use segundos, de 0 a 60 (ex.: 4, um pouco mais que o intervalo do health check do proxy)",
  )
  .optional();

/** How long to keep serving after SIGTERM while the proxy stops sending requests; 0 by default. */
export function shutdownDrainMs(env: Record<string, string | undefined> = process.env): number {
  const parsed = shutdownDrainSchema.safeParse(env.SHUTDOWN_DRAIN_SECONDS || undefined);
  return parsed.success && parsed.data ? Math.round(Number(parsed.data) * 1000) : 0;
}
