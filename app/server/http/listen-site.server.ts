import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { configuration } from "../config/configuration.server";
import { logEvent } from "../platform/log.server";
import type { HttpApp } from "./http-app.server";
import { startDraining } from "./readiness.server";

/** Node-level handling in front of the app; `next` hands the request on. */
export type FrontHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

export interface ListenOptions {
  /** Answers every request that reaches the app. */
  fetch: HttpApp["fetch"];
  /**
   * Answers a render-cache hit from Node's request itself, before `fetch` (production; the
   * development server's pages change with the code, and go through the app).
   */
  answerStored?: HttpApp["answerStored"];
  /** Stops what the site runs (database, background work); called once the server has closed. */
  stop: () => Promise<void>;
  /** A server not yet listening to use instead of a new one (development: Vite's HMR joined it). */
  server?: Server;
  /** Sees each request before the app (development: Vite's modules, assets and HMR). */
  inFront?: FrontHandler;
  /**
   * Called as shutdown begins, before waiting for requests in flight (development: closes Vite,
   * whose HMR websockets would otherwise hold the server open).
   */
  closing?: () => Promise<void>;
}

/**
 * Serve the site on PORT and HOST (`npm start` and `npm run dev` alike): one start message,
 * timeouts for slow clients, pt-BR answers to requests Node refuses, and a graceful shutdown on
 * SIGTERM or SIGINT.
 */
export function listenSite({
  fetch,
  answerStored,
  stop,
  server: given,
  inFront,
  closing,
}: ListenOptions): Server {
  const { port, host } = configuration().listen;
  const toApp = getRequestListener(fetch, { hostname: host });
  const server = given ?? createServer();
  let stopping = false;
  const handle = inFront
    ? (request: IncomingMessage, response: ServerResponse) =>
        inFront(request, response, (error) => {
          if (error === undefined) void toApp(request, response);
          else answerFrontError(response, error);
        })
    : toApp;
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    // While shutting down, a keep-alive connection that is still in use (a browser polling for
    // the server, a client under load) would never turn idle: each answer closes its connection.
    if (stopping) response.setHeader("Connection", "close");
    if (answerStored?.(request, response)) return;
    void handle(request, response);
  });
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    const shownHost = host === "0.0.0.0" || host === "127.0.0.1" || host === "::" ? "localhost" : host;
    logEvent("info", `Site no ar em http://${shownHost}:${actualPort} (escutando em ${host}:${actualPort})`);
  });

  // Slow or stalled clients must not hold connections forever: Node answers 408 and moves on.
  // Two minutes leaves room for a 5 MB photo over a weak mobile connection.
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;
  // An idle keep-alive connection is closed by whichever side times out first, and a request the
  // other side sends at that instant meets a reset. The side that keeps connections shortest must
  // be the client: Caddy keeps its idle connections here 30 s (deploy/Caddyfile), browsers and
  // Node's agents follow the Keep-Alive hint this sends. Node's default of 5 s lost that race
  // under load (a client's request reset while the server closed the connection).
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    const drainMs = configuration().shutdownDrainMs;
    logEvent(
      "info",
      drainMs
        ? `${signal} recebido: /readyz passa a responder 503; encerrando em ${drainMs / 1000} s, após concluir as requisições em andamento...`
        : `${signal} recebido: encerrando após concluir as requisições em andamento...`,
    );
    startDraining();
    const close = () => {
      // Stop accepting connections; let in-flight requests finish, then close the database and
      // exit. A hard deadline keeps a stuck client from holding the process forever.
      const deadline = setTimeout(() => {
        logEvent("error", "Tempo de encerramento esgotado; finalizando conexões restantes.");
        process.exit(1);
      }, 10_000);
      deadline.unref();
      server.close(async () => {
        await stop();
        process.exit(0);
      });
      server.closeIdleConnections();
      void closing?.();
    };
    // Meanwhile the proxy's health check sees 503 and sends the requests elsewhere.
    if (drainMs) setTimeout(close, drainMs);
    else close();
  }

  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return server;
}

/** A handler in front of the app failed (development only: a module Vite could not build). */
function answerFrontError(response: ServerResponse, error: unknown): void {
  logEvent("error", "Erro ao preparar a página em desenvolvimento", { error });
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  response.end(`Erro interno: ${message}\n`);
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
