import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { serve } from "@hono/node-server";
import { startSite } from "./http-app.server";

// The server bundle's entry (vite.config.ts): the app, and the server for server.js.
export * from "./http-app.server";

/**
 * The production server (`npm start` runs server.js, which calls this): opens the site, listens
 * on PORT and HOST, and shuts down gracefully on SIGTERM or SIGINT.
 */
export async function serveSite(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  let site: Awaited<ReturnType<typeof startSite>>;
  try {
    site = await startSite();
  } catch (error) {
    console.error(`Não foi possível iniciar o site.\n${(error as Error).message}`);
    process.exit(1);
  }

  const server = serve({ fetch: site.app.fetch, port, hostname: host }, (info) => {
    const shownHost = host === "0.0.0.0" || host === "127.0.0.1" || host === "::" ? "localhost" : host;
    console.log(`Site no ar em http://${shownHost}:${info.port} (escutando em ${host}:${info.port})`);
  });

  // Slow or stalled clients must not hold connections forever: Node answers 408 and moves on.
  // Two minutes leaves room for a 5 MB photo over a weak mobile connection.
  const httpServer = server as Server;
  httpServer.headersTimeout = 20_000;
  httpServer.requestTimeout = 120_000;
  httpServer.keepAliveTimeout = 5_000;
  answerClientErrors(httpServer);

  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} recebido: encerrando após concluir as requisições em andamento...`);
    // Stop accepting connections; let in-flight requests finish, then close the database and
    // exit. A hard deadline keeps a stuck client from holding the process forever.
    const deadline = setTimeout(() => {
      console.error("Tempo de encerramento esgotado; finalizando conexões restantes.");
      process.exit(1);
    }, 10_000);
    deadline.unref();
    server.close(async () => {
      await site.stop();
      process.exit(0);
    });
    httpServer.closeIdleConnections();
  }

  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

type ClientErrorAnswer = [status: number, reason: string, message: string];

const clientErrorAnswers: Record<string, ClientErrorAnswer> = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "Endereço ou cabeçalhos da requisição grandes demais.",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    "Request Timeout",
    "A requisição demorou demais para chegar. Tente novamente.",
  ],
};
const badRequest: ClientErrorAnswer = [
  400,
  "Bad Request",
  "Requisição inválida: o endereço ou os cabeçalhos não puderam ser lidos.",
];

/**
 * Requests Node refuses before the app sees them (an address or headers over 16 KB, bytes that
 * are not HTTP, a stalled request): the same status Node would send, with a pt-BR message
 * instead of an empty body.
 */
function answerClientErrors(httpServer: Server): void {
  // Node keeps parsing what follows a refused request and reports each error again: those are
  // ignored (the bytes are read and dropped) until the client, having read the answer, closes.
  // Closing at once instead would reset the connection with unread data, and the client would
  // see a reset rather than the answer.
  const answeredSockets = new WeakSet<Duplex>();
  httpServer.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answeredSockets.has(socket)) return;
    // A keep-alive connection may be in the middle of an earlier answer: never cut into it.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answeredSockets.add(socket);
    const [status, reason, message] = clientErrorAnswers[error.code ?? ""] ?? badRequest;
    const body = `${message}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}
