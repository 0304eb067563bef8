// The ceiling of `npm run bench`, run as its own process: a bare node:http server that answers
// each page it was given with the bytes the site sent for it, the body as it was on the wire
// (already compressed) and the site's own response headers (the security headers, the request
// id, the content type and encoding...), minus those Node writes itself (Date, Connection,
// Keep-Alive, Transfer-Encoding). The page is chosen by the request's path, exactly; any other
// path gets 404. Nothing is rendered, read or compressed per request, so its req/s is what
// this machine, Node's HTTP stack and the load generator allow at most for those bytes.
//
//   node scripts/bench-ceiling-server.ts <manifest.json>   (bench-ceiling.ts writes it)
import { readFileSync } from "node:fs";
import http from "node:http";
import type { CeilingManifest } from "./bench-ceiling.ts";

const [manifestFile] = process.argv.slice(2);
if (!manifestFile) {
  console.error("Uso: node scripts/bench-ceiling-server.ts <manifesto.json>");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as CeilingManifest;
const pages = new Map(
  manifest.pages.map((page) => [
    page.path,
    { status: page.status, headers: page.headers, body: readFileSync(page.bodyFile) },
  ]),
);

const server = http.createServer((request, response) => {
  const page = pages.get(request.url ?? "");
  if (!page) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(page.status, page.headers);
  response.end(page.body);
});
// As the site's server (app/server/http/listen-site.server.ts): Node writes it in every answer's
// Keep-Alive header, so a different value would be different bytes.
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`ceiling listening on ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
