import { recordAudit } from "../audit/audit-log.server";
import { formText, readForm } from "../forms/read-form.server";
import { rateLimitKey } from "../platform/ip-address.server";
import { recordSignInFailure } from "../platform/metrics.server";
import { signInUser } from "./login.server";
import { authenticationOptions, verifyPasskeySignIn } from "./passkeys.server";
import { admitEvent } from "./rate-limit.server";
import { findUserById } from "./users.server";

// Signing in with a passkey, from the sign-in page: the options (with a challenge) and then the
// signed answer. Both count against the client address, so nobody fills the challenge table or
// tries signatures without end.

const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PASSKEY_REQUESTS_PER_ADDRESS = 40;
export const PASSKEY_LIMITED_MESSAGE = "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.";

/** Whether this address may ask for one more passkey challenge or check one more answer. */
export async function admitPasskeyRequest(clientIp: string): Promise<boolean> {
  const key = rateLimitKey(clientIp);
  const admission = await admitEvent(`passkey:${key}`, [
    { bucket: `passkey:ip:${key}`, max: MAX_PASSKEY_REQUESTS_PER_ADDRESS, windowMs: WINDOW_MS },
  ]);
  return admission.ok;
}

/**
 * What a passkey request posts: `etapa=opcoes` asks for options and a challenge; otherwise
 * `response` is the browser's signed answer (JSON). A request that is neither gets its 400.
 */
export async function readPasskeyStep(request: Request): Promise<"opcoes" | { response: string } | Response> {
  const form = await readForm(request);
  if (!form)
    return Response.json({ error: "Não foi possível ler o pedido. Tente novamente." }, { status: 400 });
  if (formText(form, "etapa") === "opcoes") return "opcoes";
  const response = formText(form, "response");
  if (!response || response.length > 16_384)
    return Response.json({ error: "A resposta da passkey está vazia ou é inválida." }, { status: 400 });
  return { response };
}

/**
 * The options and a challenge for a passkey: alone (`forUser` null), or as the second step of
 * that account's sign-in. Each challenge is a row, so the address's limit applies to both.
 */
export async function passkeySignInOptions(
  request: Request,
  clientIp: string,
  forUser: string | null = null,
): Promise<Response> {
  if (!(await admitPasskeyRequest(clientIp)))
    return Response.json({ error: PASSKEY_LIMITED_MESSAGE }, { status: 429 });
  return Response.json(await authenticationOptions(request, forUser));
}

export async function finishPasskeySignIn(
  request: Request,
  responseJson: string,
  clientIp: string,
): Promise<Response> {
  if (!(await admitPasskeyRequest(clientIp)))
    return Response.json({ error: PASSKEY_LIMITED_MESSAGE }, { status: 429 });
  const result = await verifyPasskeySignIn(request, responseJson);
  if (!result.ok) {
    recordSignInFailure("credentials");
    const user = result.userId ? await findUserById(result.userId) : undefined;
    await recordAudit(
      { user: user ?? null },
      { action: "signin.failure", details: { method: "passkey", motivo: result.reason } },
    );
    return Response.json({ error: result.message }, { status: 401 });
  }
  // The passkey proved both who holds it and that they unlocked it (user verification was
  // required): no second step.
  const setCookie = await signInUser(request, result.userId, "passkey");
  return Response.json({ location: "/admin" }, { headers: { "Set-Cookie": setCookie } });
}
