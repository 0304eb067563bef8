import {
  assertSameOrigin,
  clearPendingSignInCookie,
  completePasskeySecondStep,
  PENDING_EXPIRED_MESSAGE,
  passkeySignInOptions,
  readPasskeyStep,
  readPendingSignIn,
} from "~/server/accounts/index.server";
import { requestClientIp } from "~/server/platform/request-address.server";
import type { Route } from "./+types/auth-verificacao-passkey";

/**
 * A passkey as the second step of a sign-in, after the password. `etapa=opcoes` hands out a
 * challenge for the account's passkeys; otherwise the form's `response` is the browser's signed
 * answer (JSON).
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const pending = await readPendingSignIn(request);
  if (!pending) return Response.json({ error: PENDING_EXPIRED_MESSAGE }, { status: 410 });
  const step = await readPasskeyStep(request);
  if (step instanceof Response) return step;
  if (step === "opcoes") return passkeySignInOptions(request, requestClientIp(), pending.userId);
  const result = await completePasskeySecondStep(request, pending, step.response, requestClientIp());
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  const headers = new Headers();
  headers.append("Set-Cookie", clearPendingSignInCookie(request));
  headers.append("Set-Cookie", result.setCookie);
  return Response.json({ location: "/admin" }, { headers });
}
