// The ceiling of `npm run bench`, run as its own process: a bare node:http server that answers
// every request with the bytes the site sent for one page (already compressed, with the same
// content type and encoding). Nothing is rendered, read or compressed per request, so its
// req/s is what this machine, Node's HTTP stack and the load generator allow at most.
//
//   node scripts/bench-ceiling-server.ts <body file> <content-type> [content-encoding]
import { readFileSync } from "node:fs";
import http from "node:http";

const [bodyFile, contentType, contentEncoding] = process.argv.slice(2);
if (!bodyFile || !contentType) {
  console.error("Uso: node scripts/bench-ceiling-server.ts <arquivo> <content-type> [content-encoding]");
  process.exit(2);
}
const body = readFileSync(bodyFile);
const headers: Record<string, string> = {
  "content-type": contentType,
  "content-length": String(body.length),
  vary: "Accept-Encoding",
};
if (contentEncoding) headers["content-encoding"] = contentEncoding;

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 5_000; // as the site's server (app/server/http/listen-site.server.ts)
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`ceiling listening on ${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
