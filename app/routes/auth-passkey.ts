import {
  assertSameOrigin,
  finishPasskeySignIn,
  passkeySignInOptions,
  readPasskeyStep,
} from "~/server/accounts/index.server";
import { requestClientIp } from "~/server/platform/request-address.server";
import type { Route } from "./+types/auth-passkey";

/**
 * Passkey sign-in. `etapa=opcoes` hands out the options and a challenge; otherwise the form's
 * `response` is the browser's signed answer (JSON), checked on the server.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const clientIp = requestClientIp();
  const step = await readPasskeyStep(request);
  if (step instanceof Response) return step;
  if (step === "opcoes") return passkeySignInOptions(request, clientIp);
  return finishPasskeySignIn(request, step.response, clientIp);
}
