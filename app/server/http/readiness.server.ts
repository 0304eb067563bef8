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
