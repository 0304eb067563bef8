import { data } from "react-router";
import { AccountCard, NewPasswordFields } from "~/components/account-card";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import {
  assertSameOrigin,
  findPasswordReset,
  newPasswordSchema,
  resetPassword,
} from "~/server/accounts/index.server";
import { formTexts, readForm, UNREADABLE_FORM_MESSAGE, validateForm } from "~/server/forms/index.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/redefinir-senha";

export async function loader({ params }: Route.LoaderArgs) {
  const reset = await findPasswordReset(params.token);
  if (!reset.ok) return data({ email: null, refusal: reset.message }, { status: reset.status });
  return { email: reset.email, refusal: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  if (!form)
    return data({ error: `${UNREADABLE_FORM_MESSAGE} Tente novamente.`, done: false }, { status: 400 });
  const parsed = validateForm(newPasswordSchema, formTexts(form, ["password", "confirmation"]));
  if (!parsed.ok) return data({ error: parsed.message, done: false }, { status: 400 });
  const siteName = (await siteSettings(context)).site.name;
  const result = await resetPassword(params.token, parsed.data.password, siteName);
  if (!result.ok) return data({ error: result.message, done: false }, { status: result.status });
  return { error: null, done: true };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Criar nova senha",
    description: "Escolha uma nova senha para o painel.",
    path: "/redefinir-senha",
    noindex: true,
  });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error
    ? { title: "Não foi possível trocar a senha", description: actionData.error }
    : undefined;
  if (actionData?.done)
    return (
      <AccountCard
        title="Senha alterada"
        intro={<p>Todas as sessões abertas da sua conta foram encerradas.</p>}
        notice="Sua nova senha já vale. Entre com ela para continuar."
      >
        <a href="/auth" className="btn w-full bg-brand-800 text-white hover:bg-brand-900">
          Entrar
        </a>
      </AccountCard>
    );
  if (!loaderData.email)
    return (
      <AccountCard title="Link indisponível" intro={<p>{loaderData.refusal}</p>} error={error}>
        <a href="/esqueci-minha-senha" className="font-semibold text-brand-800 underline dark:text-brand-200">
          Pedir um novo link
        </a>
      </AccountCard>
    );
  return (
    <AccountCard
      title="Criar nova senha"
      intro={
        <p>
          Escolha a nova senha da conta <strong>{loaderData.email}</strong>. Ao salvar, todas as sessões
          abertas dela são encerradas.
        </p>
      }
      error={error}
    >
      <form method="post" className="flex flex-col gap-5">
        <NewPasswordFields email={loaderData.email} label="Nova senha" />
        <button
          type="submit"
          data-busy-label="Salvando..."
          className="btn w-full bg-brand-800 text-white hover:bg-brand-900 disabled:opacity-70"
        >
          Salvar nova senha
        </button>
      </form>
    </AccountCard>
  );
}
