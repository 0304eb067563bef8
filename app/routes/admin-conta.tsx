import { data, Form, Link, redirect } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { PasskeysSection } from "~/components/admin/passkeys-section";
import { ReauthenticationSection } from "~/components/admin/reauthentication-section";
import { TwoFactorSection } from "~/components/admin/two-factor-section";
import { Button, Field, TextInput } from "~/components/admin/ui";
import { useAdminShell } from "~/lib/admin-shell";
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-rules";
import { ROLE_LABELS } from "~/lib/roles";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import {
  addOwnPasskey,
  changeOwnPassword,
  confirmIdentity,
  hasRecentAuthentication,
  lacksRequiredSecondFactor,
  listPasskeys,
  pendingTotpSetup,
  REAUTHENTICATION_REQUIRED_MESSAGE,
  recentAuthenticationUntil,
  removeOwnPasskey,
  startTotpSetup,
  totpStatus,
  turnOffTwoFactor,
  turnOnTwoFactor,
  unusedRecoveryCodes,
} from "~/server/accounts/index.server";
import { conflict, refused } from "~/server/commands/index.server";
import { formText, formTexts, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/admin-conta";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const userId = session.user.id;
  const siteName = (await siteSettings(context)).site.name;
  const [status, setup, unused, passkeys, mustSetUp] = await Promise.all([
    totpStatus(userId),
    pendingTotpSetup(userId, session.user.email, siteName),
    unusedRecoveryCodes(userId),
    listPasskeys(userId),
    lacksRequiredSecondFactor(userId),
  ]);
  return {
    twoFactor: { status, setup, unusedRecoveryCodes: unused },
    passkeys,
    mustSetUp,
    confirmedUntil: recentAuthenticationUntil(session),
  };
}

/** What changes the account's keys, and so needs the password (or a second factor) typed lately. */
const NEEDS_RECENT_AUTHENTICATION = new Set(["totp-start", "totp-confirm", "passkey-add", "passkey-remove"]);

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  if (intent === "reauthenticate")
    return answerCommand(session, await confirmIdentity(session, formTexts(form, ["password", "code"])));
  // Turning TOTP off and changing the password ask for the password themselves.
  if (NEEDS_RECENT_AUTHENTICATION.has(intent) && !hasRecentAuthentication(session))
    return data({ error: REAUTHENTICATION_REQUIRED_MESSAGE }, { status: 403 });
  if (intent === "totp-start") {
    // A secret waiting for its first code: nothing changes until it is confirmed (and recorded).
    if (!(await startTotpSetup(session.user.id)))
      return answerCommand(session, conflict("A verificação em duas etapas já está ativada."));
    throw redirect("/admin/conta");
  }
  const siteName = (await siteSettings(context)).site.name;
  const outcome =
    intent === "totp-confirm"
      ? await turnOnTwoFactor(session, formTexts(form, ["code"]), siteName)
      : intent === "totp-disable"
        ? await turnOffTwoFactor(session, formTexts(form, ["password", "code"]), siteName)
        : intent === "passkey-add"
          ? await addOwnPasskey(
              session,
              { request, name: formText(form, "name"), response: formText(form, "response") },
              siteName,
            )
          : intent === "passkey-remove"
            ? await removeOwnPasskey(session, { id: formText(form, "id") }, siteName)
            : intent === "" || intent === "password"
              ? await changeOwnPassword(
                  session,
                  formTexts(form, ["current", "password", "confirmation"]),
                  siteName,
                )
              : refused("Ação desconhecida.");
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Minha conta | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { twoFactor, passkeys, mustSetUp, confirmedUntil } = loaderData;
  // Who is signed in, and the flash that resets the password form after a save: the shell's.
  const { user, flash } = useAdminShell();
  const { email, name, role } = user;
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : undefined;
  return (
    <AdminPage title="Minha conta" failure={failure}>
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
      <ReauthenticationSection email={email} confirmedUntil={confirmedUntil} />
      <TwoFactorSection view={twoFactor} recoveryCodes={recoveryCodes} />
      <PasskeysSection passkeys={passkeys} />
    </AdminPage>
  );
}
