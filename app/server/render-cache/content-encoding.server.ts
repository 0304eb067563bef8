export type ContentCoding = "br" | "gzip" | "identity";

/**
 * The coding to send for an Accept-Encoding header, among those available: Brotli, then gzip,
 * then none. Honours q=0 ("not this one") and "*".
 */
export function preferredEncoding(
  header: string | undefined,
  available: { br: boolean; gzip: boolean },
): ContentCoding {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  const takesBr = available.br && accepts("br");
  const takesGzip = available.gzip && (accepts("gzip") || accepts("x-gzip"));
  if (takesBr) return "br";
  return takesGzip ? "gzip" : "identity";
}
