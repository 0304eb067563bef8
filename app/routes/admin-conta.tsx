import { data, Form, Link, redirect } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { PasskeysSection } from "~/components/admin/passkeys-section";
import { TwoFactorSection } from "~/components/admin/two-factor-section";
import { Button, Field, TextInput } from "~/components/admin/ui";
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-rules";
import { ROLE_LABELS } from "~/lib/roles";
import type { RouteHandle } from "~/route-handle";
import { recordAudit } from "~/server/audit/audit-log.server";
import {
  confirmTotpSchema,
  confirmTotpSetup,
  disableTotpSchema,
  turnOffTotp,
} from "~/server/auth/account-two-factor.server";
import { changePassword, changePasswordSchema } from "~/server/auth/change-password.server";
import { requireAdminAction, requireAdminPage } from "~/server/auth/guard.server";
import { addPasskey, listPasskeys, passkeyNameSchema, removePasskey } from "~/server/auth/passkeys.server";
import { lacksRequiredSecondFactor } from "~/server/auth/second-factor-policy.server";
import { type CurrentSession, setFlash, takeFlash } from "~/server/auth/sessions.server";
import { pendingTotpSetup, startTotpSetup, totpStatus, unusedRecoveryCodes } from "~/server/auth/totp.server";
import { formText, formTexts, readForm } from "~/server/read-form.server";
import { siteSettingsFor } from "~/server/site/site-settings.server";
import { validateForm } from "~/server/validate-form.server";
import type { Route } from "./+types/admin-conta";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const userId = session.user.id;
  const siteName = (await siteSettingsFor(context)).site.name;
  const [status, setup, unused, passkeys, mustSetUp] = await Promise.all([
    totpStatus(userId),
    pendingTotpSetup(userId, session.user.email, siteName),
    unusedRecoveryCodes(userId),
    listPasskeys(userId),
    lacksRequiredSecondFactor(userId),
  ]);
  return {
    email: session.user.email,
    role: session.user.role,
    name: session.user.name,
    twoFactor: { status, setup, unusedRecoveryCodes: unused },
    passkeys,
    mustSetUp,
    flash: await takeFlash(session),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data({ error: "Não foi possível ler o formulário." }, { status: 400 });
  const intent = formText(form, "intent");
  if (intent === "totp-start") {
    if (!(await startTotpSetup(session.user.id)))
      return data({ error: "A verificação em duas etapas já está ativada." }, { status: 409 });
    throw redirect("/admin/conta");
  }
  if (intent === "totp-confirm") return confirmTotpAction(session, form);
  if (intent === "totp-disable") return disableTotpAction(session, form);
  if (intent === "passkey-add") return addPasskeyAction(request, session, form);
  if (intent === "passkey-remove") {
    if (!(await removePasskey(session.user.id, formText(form, "id"))))
      return data({ error: "Passkey não encontrada." }, { status: 404 });
    await recordAudit(session, {
      action: "user.passkey_remove",
      target: { type: "user", id: session.user.id, label: session.user.email },
    });
    await setFlash(session, { title: "Passkey removida", description: "Ela não entra mais nesta conta." });
    throw redirect("/admin/conta");
  }
  if (intent !== "" && intent !== "password") return data({ error: "Ação desconhecida." }, { status: 400 });
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

async function confirmTotpAction(session: CurrentSession, form: FormData) {
  const parsed = validateForm(confirmTotpSchema, formTexts(form, ["code"]));
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const result = await confirmTotpSetup(session, parsed.data);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  await recordAudit(session, {
    action: "user.two_factor_on",
    target: { type: "user", id: session.user.id, label: session.user.email },
  });
  // Shown in this answer only: the codes are stored hashed and never shown again.
  return { recoveryCodes: result.value };
}

async function addPasskeyAction(request: Request, session: CurrentSession, form: FormData) {
  const name = passkeyNameSchema.safeParse(formText(form, "name"));
  if (!name.success)
    return data({ error: name.error.issues[0]?.message ?? "Nome inválido." }, { status: 400 });
  const result = await addPasskey(request, session.user.id, name.data, formText(form, "response"));
  if (!result.ok) return data({ error: result.message }, { status: 400 });
  await recordAudit(session, {
    action: "user.passkey_add",
    target: { type: "user", id: session.user.id, label: session.user.email },
    details: { nome: name.data },
  });
  await setFlash(session, {
    title: "Passkey adicionada",
    description: `"${name.data}" já pode ser usada para entrar.`,
  });
  throw redirect("/admin/conta");
}

async function disableTotpAction(session: CurrentSession, form: FormData) {
  const parsed = validateForm(disableTotpSchema, formTexts(form, ["password", "code"]));
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const result = await turnOffTotp(session, parsed.data);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  await recordAudit(session, {
    action: "user.two_factor_off",
    target: { type: "user", id: session.user.id, label: session.user.email },
  });
  await setFlash(session, {
    title: "Verificação em duas etapas desativada",
    description: "O acesso volta a pedir só a senha.",
  });
  throw redirect("/admin/conta");
}

export const meta: Route.MetaFunction = () => [
  { title: "Minha conta | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, role, name, flash, twoFactor, passkeys, mustSetUp } = loaderData;
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : undefined;
  return (
    <AdminPage title="Minha conta" email={email} flash={flash} failure={failure}>
      {mustSetUp ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          A equipe exige uma segunda etapa no acesso. Ative a verificação em duas etapas ou adicione uma
          passkey abaixo para usar o restante do painel.
        </p>
      ) : null}
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
      <TwoFactorSection view={twoFactor} recoveryCodes={recoveryCodes} />
      <PasskeysSection passkeys={passkeys} />
    </AdminPage>
  );
}
