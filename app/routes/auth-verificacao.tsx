import { data, redirect } from "react-router";
import { z } from "zod";
import { AccountCard, AccountField, BackToSignIn } from "~/components/account-card";
import { PasskeySignIn } from "~/components/passkey-sign-in";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/route-handle";
import {
  assertSameOrigin,
  clearPendingSignInCookie,
  completeSecondFactor,
  countPasskeys,
  PENDING_EXPIRED_MESSAGE,
  readPendingSignIn,
  totpStatus,
} from "~/server/accounts/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE, validateForm } from "~/server/forms/index.server";
import { requestClientIp } from "~/server/platform/request-address.server";
import type { Route } from "./+types/auth-verificacao";

// Hydrated for 'Usar passkey' (WebAuthn needs JavaScript); the code form works without it.
export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  // No redirect when there is no pending sign-in: the loader also runs after a refused code,
  // whose reason (and status) must stay on the page.
  const pending = await readPendingSignIn(request);
  if (!pending) return { expired: PENDING_EXPIRED_MESSAGE, totp: false, passkey: false };
  // The second step offers what the account has.
  const [totp, passkeys] = await Promise.all([totpStatus(pending.userId), countPasskeys(pending.userId)]);
  return { expired: null, totp: totp === "on", passkey: passkeys > 0 };
}

const codeFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Informe o código do aplicativo ou um código de recuperação.")
    .max(32, "O código informado é longo demais."),
});

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const pending = await readPendingSignIn(request);
  if (!pending) return data({ error: PENDING_EXPIRED_MESSAGE }, { status: 410 });
  const form = await readForm(request);
  if (!form) return data({ error: `${UNREADABLE_FORM_MESSAGE} Tente novamente.` }, { status: 400 });
  const parsed = validateForm(codeFormSchema, { code: formText(form, "code") });
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const result = await completeSecondFactor(request, pending, parsed.data.code, requestClientIp());
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  const headers = new Headers();
  headers.append("Set-Cookie", clearPendingSignInCookie(request));
  headers.append("Set-Cookie", result.setCookie);
  throw redirect("/admin", { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Verificação em duas etapas",
    description: "Confirme o acesso com o código do aplicativo autenticador.",
    path: "/auth/verificacao",
    noindex: true,
  });

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.expired && !actionData) {
    return (
      <AccountCard title="Verificação em duas etapas" intro={<p>{loaderData.expired}</p>}>
        <a href="/auth" className="btn w-full bg-brand-800 text-center text-white hover:bg-brand-900">
          Entrar
        </a>
      </AccountCard>
    );
  }
  // After a refused code the loader may not run again; offer the code form then.
  const offersCode = loaderData.totp || !loaderData.passkey;
  return (
    <AccountCard
      title="Verificação em duas etapas"
      intro={
        <p>
          {offersCode
            ? "Digite o código de 6 dígitos do seu aplicativo autenticador. Sem o celular, use um dos seus códigos de recuperação."
            : "Confirme o acesso com uma das suas passkeys."}
          {offersCode && loaderData.passkey ? " Ou use uma das suas passkeys." : ""}
        </p>
      }
      error={actionData?.error ? { title: "Código não aceito", description: actionData.error } : undefined}
    >
      <div className="flex flex-col gap-5">
        {offersCode ? (
          <form method="post" className="flex flex-col gap-5">
            <AccountField
              id="code"
              name="code"
              label="Código"
              required
              maxLength={32}
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
            />
            <button
              type="submit"
              data-busy-label="Verificando..."
              className="btn w-full bg-brand-800 text-white hover:bg-brand-900 disabled:opacity-70"
            >
              Verificar
            </button>
          </form>
        ) : null}
        {loaderData.passkey ? (
          <PasskeySignIn endpoint="/auth/verificacao/passkey" label="Usar passkey" separated={offersCode} />
        ) : null}
        <BackToSignIn />
      </div>
    </AccountCard>
  );
}
