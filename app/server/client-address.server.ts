/**
 * The client's address. Only when TRUST_PROXY is on is X-Forwarded-For believed, and then
 * only its last entry: the one our own proxy appended (earlier entries are whatever the client
 * sent and can be forged).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last && last.length <= 64) return last;
  }
  return socketAddress ?? "unknown";
}

export function trustProxyFromEnv(env: Record<string, string | undefined> = process.env): boolean {
  return /^(1|true|yes|on)$/i.test(env.TRUST_PROXY ?? "");
}
