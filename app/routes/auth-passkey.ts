import { requestClientIp } from "~/server/audit/request-address.server";
import { assertSameOrigin } from "~/server/auth/guard.server";
import { finishPasskeySignIn, passkeySignInOptions } from "~/server/auth/passkey-sign-in.server";
import { formText, readForm } from "~/server/read-form.server";
import type { Route } from "./+types/auth-passkey";

/**
 * Passkey sign-in. `etapa=opcoes` hands out the options and a challenge; otherwise the form's
 * `response` is the browser's signed answer (JSON), checked on the server.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const clientIp = requestClientIp();
  const form = await readForm(request);
  if (!form)
    return Response.json({ error: "Não foi possível ler o pedido. Tente novamente." }, { status: 400 });
  if (formText(form, "etapa") === "opcoes") return passkeySignInOptions(request, clientIp);
  const response = formText(form, "response");
  if (!response || response.length > 16_384)
    return Response.json({ error: "A resposta da passkey está vazia ou é inválida." }, { status: 400 });
  return finishPasskeySignIn(request, response, clientIp);
}
