import { data, redirect } from "react-router";
import { z } from "zod";
import { AccountCard, AccountField, BackToSignIn } from "~/components/account-card";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { requestClientIp } from "~/server/audit/request-address.server";
import { assertSameOrigin } from "~/server/auth/guard.server";
import { clearPendingSignInCookie, readPendingSignIn } from "~/server/auth/pending-sign-in.server";
import { completeSecondFactor, PENDING_EXPIRED_MESSAGE } from "~/server/auth/second-factor.server";
import { formText, readForm } from "~/server/read-form.server";
import { validateForm } from "~/server/validate-form.server";
import type { Route } from "./+types/auth-verificacao";

export async function loader({ request }: Route.LoaderArgs) {
  // No redirect when there is no pending sign-in: the loader also runs after a refused code,
  // whose reason (and status) must stay on the page.
  return { expired: (await readPendingSignIn(request)) ? null : PENDING_EXPIRED_MESSAGE };
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
  if (!form) return data({ error: "Não foi possível ler o formulário. Tente novamente." }, { status: 400 });
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
  return (
    <AccountCard
      title="Verificação em duas etapas"
      intro={
        <p>
          Digite o código de 6 dígitos do seu aplicativo autenticador. Sem o celular, use um dos seus códigos
          de recuperação.
        </p>
      }
      error={actionData?.error ? { title: "Código não aceito", description: actionData.error } : undefined}
    >
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
        <BackToSignIn />
      </form>
    </AccountCard>
  );
}
