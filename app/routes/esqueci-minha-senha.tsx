import { data } from "react-router";
import { AccountCard, AccountField, BackToSignIn } from "~/components/account-card";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import {
  assertSameOrigin,
  forgotFormSchema,
  RESET_LIMITED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from "~/server/accounts/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE, validateForm } from "~/server/forms/index.server";
import { requestClientIp } from "~/server/platform/request-address.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/esqueci-minha-senha";

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  if (!form)
    return data({ error: `${UNREADABLE_FORM_MESSAGE} Tente novamente.`, notice: null }, { status: 400 });
  const parsed = validateForm(forgotFormSchema, { email: formText(form, "email") });
  if (!parsed.ok) return data({ error: parsed.message, notice: null }, { status: 400 });
  const siteName = (await siteSettings(context)).site.name;
  const result = await requestPasswordReset(parsed.data.email, requestClientIp(), siteName);
  if (result === "limited") return data({ error: RESET_LIMITED_MESSAGE, notice: null }, { status: 429 });
  return { error: null, notice: RESET_REQUESTED_MESSAGE };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Esqueci minha senha",
    description: "Receba por e-mail um link para criar uma nova senha do painel.",
    path: "/esqueci-minha-senha",
    noindex: true,
  });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <AccountCard
      title="Esqueci minha senha"
      intro={<p>Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>}
      notice={actionData?.notice ?? undefined}
      error={
        actionData?.error
          ? { title: "Não foi possível pedir a nova senha", description: actionData.error }
          : undefined
      }
    >
      <form method="post" className="flex flex-col gap-5">
        <AccountField
          id="email"
          name="email"
          type="email"
          label="E-mail"
          required
          maxLength={320}
          autoComplete="username"
        />
        <button
          type="submit"
          data-busy-label="Enviando..."
          className="btn w-full bg-brand-800 text-white hover:bg-brand-900 disabled:opacity-70"
        >
          Enviar link
        </button>
        <BackToSignIn />
      </form>
    </AccountCard>
  );
}
