import { data, redirect } from "react-router";
import { AccountCard, AccountField, NewPasswordFields } from "~/components/account-card";
import { ROLE_LABELS } from "~/lib/roles";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { assertSameOrigin, createSession } from "~/server/accounts/index.server";
import { formTexts, readForm, UNREADABLE_FORM_MESSAGE, validateForm } from "~/server/forms/index.server";
import { siteSettings } from "~/server/settings/index.server";
import { acceptFormSchema, acceptInvitation, findInvitation } from "~/server/team/index.server";
import type { Route } from "./+types/convite";

export async function loader({ params }: Route.LoaderArgs) {
  const invitation = await findInvitation(params.token);
  if (!invitation.ok)
    return data({ invitation: null, refusal: invitation.message }, { status: invitation.status });
  return { invitation: { email: invitation.email, role: ROLE_LABELS[invitation.role] }, refusal: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  if (!form) return data({ error: `${UNREADABLE_FORM_MESSAGE} Tente novamente.`, name: "" }, { status: 400 });
  const fields = formTexts(form, ["name", "password", "confirmation"]);
  const name = fields.name.slice(0, 120);
  const parsed = validateForm(acceptFormSchema, fields);
  if (!parsed.ok) return data({ error: parsed.message, name }, { status: 400 });
  const siteName = (await siteSettings(context)).site.name;
  const result = await acceptInvitation(params.token, parsed.data, siteName);
  if (!result.ok) return data({ error: result.message, name }, { status: result.status });
  const setCookie = await createSession(request, result.userId, {
    title: "Bem-vindo à equipe!",
    description: "Sua conta foi criada e você já está conectado.",
    variant: "success",
  });
  throw redirect("/admin", { headers: { "Set-Cookie": setCookie } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Aceitar convite",
    description: "Crie sua conta no painel do site.",
    path: "/convite",
    noindex: true,
  });

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, refusal } = loaderData;
  const error = actionData?.error
    ? { title: "Não foi possível aceitar o convite", description: actionData.error }
    : undefined;
  if (!invitation)
    return (
      <AccountCard title="Convite indisponível" intro={refusal} error={error}>
        <a href="/auth" className="font-semibold text-brand-800 underline dark:text-brand-200">
          Ir para o acesso ao painel
        </a>
      </AccountCard>
    );
  return (
    <AccountCard
      title="Aceitar convite"
      intro={
        <p>
          Você foi convidado como <strong>{invitation.role}</strong> com o e-mail{" "}
          <strong>{invitation.email}</strong>. Informe seu nome e escolha uma senha.
        </p>
      }
      error={error}
    >
      <form method="post" className="flex flex-col gap-5">
        <AccountField
          id="name"
          name="name"
          label="Seu nome"
          required
          maxLength={120}
          autoComplete="name"
          defaultValue={actionData?.name ?? ""}
        />
        <NewPasswordFields email={invitation.email} label="Senha" />
        <button
          type="submit"
          data-busy-label="Criando conta..."
          className="btn w-full bg-brand-800 text-white hover:bg-brand-900 disabled:opacity-70"
        >
          Criar conta e entrar
        </button>
      </form>
    </AccountCard>
  );
}
