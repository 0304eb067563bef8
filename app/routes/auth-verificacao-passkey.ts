import { requestClientIp } from "~/server/audit/request-address.server";
import { assertSameOrigin } from "~/server/auth/guard.server";
import { admitPasskeyRequest, PASSKEY_LIMITED_MESSAGE } from "~/server/auth/passkey-sign-in.server";
import { secondStepOptions } from "~/server/auth/passkeys.server";
import { clearPendingSignInCookie, readPendingSignIn } from "~/server/auth/pending-sign-in.server";
import { completePasskeySecondStep, PENDING_EXPIRED_MESSAGE } from "~/server/auth/second-factor.server";
import { formText, readForm } from "~/server/read-form.server";
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
  const form = await readForm(request);
  if (!form)
    return Response.json({ error: "Não foi possível ler o pedido. Tente novamente." }, { status: 400 });
  if (formText(form, "etapa") === "opcoes") {
    // Each challenge is a row: the address's passkey limit applies, as on the sign-in page.
    if (!(await admitPasskeyRequest(requestClientIp())))
      return Response.json({ error: PASSKEY_LIMITED_MESSAGE }, { status: 429 });
    return Response.json(await secondStepOptions(request, pending.userId));
  }
  const response = formText(form, "response");
  if (!response || response.length > 16_384)
    return Response.json({ error: "A resposta da passkey está vazia ou é inválida." }, { status: 400 });
  const result = await completePasskeySecondStep(request, pending, response, requestClientIp());
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  const headers = new Headers();
  headers.append("Set-Cookie", clearPendingSignInCookie(request));
  headers.append("Set-Cookie", result.setCookie);
  return Response.json({ location: "/admin" }, { headers });
}
