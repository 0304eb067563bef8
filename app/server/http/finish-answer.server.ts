import { requestIsHttps, siteIsHttps } from "../accounts/cookies.server";
import { logEvent, logRequest } from "../platform/log.server";
import { recordAnswer } from "../platform/metrics.server";
import { trustedInlineScriptHashes } from "../render-cache/inline-script-hashes.server";
import { maskedPath } from "./masked-path.server";
import { securityHeaders } from "./security-headers.server";

/** The metric label of the route that answers a path (a bounded set, whatever the path). */
export type RouteLabel = (path: string) => string;

export interface AnswerFacts {
  nonce: string;
  requestId: string;
  /** performance.now() when the request arrived. */
  started: number;
  path: string;
  /** The answer may be shared by every visitor (render cache): no nonce in it. */
  sharedRender: boolean;
}

/** What every answer carries: the security headers and the request id. */
export function answerHeaders(
  request: Request,
  facts: Pick<AnswerFacts, "nonce" | "requestId" | "sharedRender">,
): Record<string, string> {
  return {
    ...securityHeaders(
      facts.nonce,
      { httpsRequest: requestIsHttps(request), httpsSite: siteIsHttps() },
      facts.sharedRender ? trustedInlineScriptHashes : undefined,
    ),
    "X-Request-Id": facts.requestId,
  };
}

/** One access-log line per answer, and its place in the metrics. */
export function logAnswer(
  method: string,
  status: number,
  facts: Pick<AnswerFacts, "requestId" | "started" | "path"> & { cacheResult: string | null },
  routeLabel: RouteLabel,
) {
  const ms = performance.now() - facts.started;
  // Invitation, reset and preview links carry their secret in the path: never logged.
  const path = maskedPath(facts.path);
  const rounded = Math.round(ms * 10) / 10;
  if (status >= 500) {
    logEvent("error", "request", { requestId: facts.requestId, method, path, status, ms: rounded });
  } else {
    logRequest(facts.requestId, method, path, status, rounded);
  }
  recordAnswer(routeLabel(facts.path), method, status, ms / 1000, facts.cacheResult);
}

/** The last step of every answer the app produced: `answerHeaders`, then `logAnswer`. */
export function finishAnswer(
  request: Request,
  response: Response,
  facts: AnswerFacts,
  routeLabel: RouteLabel,
): Response {
  const headers = answerHeaders(request, facts);
  let answer = response;
  try {
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
  } catch {
    // Some responses (Response.redirect, fetch results) have immutable headers: copy them.
    answer = new Response(answer.body, answer);
    for (const [name, value] of Object.entries(headers)) answer.headers.set(name, value);
  }
  logAnswer(
    request.method,
    answer.status,
    { ...facts, cacheResult: answer.headers.get("x-render-cache") },
    routeLabel,
  );
  return answer;
}
