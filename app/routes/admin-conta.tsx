import { data, Form, Link, redirect } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button, Field, TextInput } from "~/components/admin/ui";
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-rules";
import { ROLE_LABELS } from "~/lib/roles";
import type { RouteHandle } from "~/route-handle";
import { changePassword, changePasswordSchema } from "~/server/auth/change-password.server";
import { requireAdminAction, requireAdminPage } from "~/server/auth/guard.server";
import { setFlash, takeFlash } from "~/server/auth/sessions.server";
import { formTexts, readForm } from "~/server/read-form.server";
import { siteSettingsFor } from "~/server/site/site-settings.server";
import { validateForm } from "~/server/validate-form.server";
import type { Route } from "./+types/admin-conta";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  return {
    email: session.user.email,
    role: session.user.role,
    name: session.user.name,
    flash: await takeFlash(session),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data({ error: "Não foi possível ler o formulário." }, { status: 400 });
  const parsed = validateForm(changePasswordSchema, formTexts(form, ["current", "password", "confirmation"]));
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const siteName = (await siteSettingsFor(context)).site.name;
  const result = await changePassword(session, parsed.data, siteName);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  await setFlash(session, {
    title: "Senha alterada!",
    description: "As outras sessões da sua conta foram encerradas; esta continua aberta.",
  });
  throw redirect("/admin/conta");
}

export const meta: Route.MetaFunction = () => [
  { title: "Minha conta | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, role, name, flash } = loaderData;
  return (
    <AdminPage title="Minha conta" email={email} flash={flash} failure={actionData}>
      <section
        aria-labelledby="dados-da-conta"
        className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="dados-da-conta" className="mb-2 text-xl font-bold text-slate-900 dark:text-white">
          Dados da conta
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {name ? `${name} · ` : ""}
          {email} · {ROLE_LABELS[role]}
        </p>
        <Link
          to="/admin/conta/dispositivos"
          className="mt-3 inline-block text-sm font-semibold text-brand-800 underline dark:text-brand-200"
        >
          Dispositivos conectados
        </Link>
      </section>
      <section
        aria-labelledby="trocar-senha"
        className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="trocar-senha" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
          Trocar senha
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Ao trocar a senha, as outras sessões da sua conta (outros navegadores e aparelhos) são encerradas.
        </p>
        <Form method="post" key={flash ? "salvo" : "novo"} className="flex max-w-md flex-col gap-4">
          <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
          <Field label="Senha atual" required>
            <TextInput name="current" type="password" autoComplete="current-password" maxLength={1024} />
          </Field>
          <Field label="Nova senha" required hint={PASSWORD_HINT}>
            <TextInput
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
            />
          </Field>
          <Field label="Repita a nova senha" required>
            <TextInput
              name="confirmation"
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
            />
          </Field>
          <Button type="submit" className="self-start">
            Trocar senha
          </Button>
        </Form>
      </section>
    </AdminPage>
  );
}
