import { randomUUID } from "node:crypto";

/** A proxy's request id when it looks like one, else a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header && /^[\w.:-]{8,128}$/.test(header) ? header : randomUUID();
}
