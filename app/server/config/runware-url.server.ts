import { isIPv4 } from "node:net";

// The key travels in a header of every request to RUNWARE_API_URL, so the API is reached over
// TLS. Plain http is allowed only to this machine, where the tests' stand-in provider listens.

/** 127.0.0.0/8, ::1 and localhost: the URL parser has already normalised the address's spelling. */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === "localhost" || hostname === "[::1]") return true;
  return isIPv4(hostname) && hostname.startsWith("127.");
}

/** https:// anywhere, http:// only to this machine, never with credentials. */
export function isAcceptableApiUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return url.hostname !== "";
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}
