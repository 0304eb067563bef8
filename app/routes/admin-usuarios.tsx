import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DeleteForm } from "~/components/admin/row-actions";
import { Badge, Button, Field, Select, TextInput } from "~/components/admin/ui";
import { useCommandForm } from "~/components/admin/use-command-form";
import { inviteFormSchema } from "~/lib/invite-form";
import { ROLE_LABELS, ROLES } from "~/lib/roles";
import { formatListDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand, type CommandFailure } from "~/route-support/answer-command.server";
import { secondFactorRequired } from "~/server/accounts/index.server";
import { refused } from "~/server/commands/index.server";
import { configuration } from "~/server/config/index.server";
import { mailConfig } from "~/server/email/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { companyDefaults, siteSettings } from "~/server/settings/index.server";
import {
  changeMember,
  INVITATION_HOURS,
  inviteMember,
  listPendingInvitations,
  listTeamMembers,
  resendInvite,
  resetMemberSecondFactor,
  revokeInvite,
  setSecondFactorPolicy,
} from "~/server/team/index.server";
import type { Route } from "./+types/admin-usuarios";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request, { can: "users.manage" });
  const [members, invitations, secondFactorPolicy] = await Promise.all([
    listTeamMembers(),
    listPendingInvitations(),
    secondFactorRequired(),
  ]);
  return {
    selfId: session.user.id,
    secondFactorPolicy,
    invitationHours: INVITATION_HOURS,
    // Without SMTP an invitation waits in the outbox: say so before anyone waits for it.
    mailEnabled: mailConfig(configuration(), companyDefaults()).enabled,
    members: members.map((member) => ({
      ...member,
      lastSignIn: member.lastSignInAt ? formatListDateTime(member.lastSignInAt) : "Nunca",
    })),
    invitations: invitations.map((invitation) => ({
      ...invitation,
      expires: formatListDateTime(invitation.expiresAt),
    })),
  };
}

/** The team page's forms; which one was sent is in `intent` (and the account's or invitation's `id`). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "users.manage" });
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const siteName = (await siteSettings(context)).site.name;
  const outcome =
    intent === "invite"
      ? await inviteMember(session, {
          siteName,
          email: formText(form, "email"),
          role: formText(form, "role"),
        })
      : intent === "second-factor-policy"
        ? await setSecondFactorPolicy(session, { required: formText(form, "required") })
        : intent === "second-factor-reset"
          ? await resetMemberSecondFactor(session, { siteName, id, confirmed: formText(form, "confirmar") })
          : intent === "resend"
            ? await resendInvite(session, { siteName, id })
            : intent === "revoke"
              ? await revokeInvite(session, { id })
              : await changeMember(session, { id, intent, role: formText(form, "role") });
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Usuários | Admin" },
  { name: "robots", content: "noindex" },
];

const sectionClassName =
  "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, selfId, invitationHours, mailEnabled, secondFactorPolicy } = loaderData;
  const failure = actionData as CommandFailure | undefined;
  return (
    <AdminPage title="Usuários" failure={failure}>
      <section aria-labelledby="convidar" className={sectionClassName}>
        <h2 id="convidar" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
          Convidar pessoa
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          A pessoa recebe um link por e-mail, válido por {invitationHours} horas, para escolher o nome e a
          senha. Editores cuidam de posts, obras, serviços, página inicial, mídia e redirecionamentos; não
          veem solicitações de orçamento, usuários nem configurações.
        </p>
        {mailEnabled ? null : (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            O envio de e-mails está desativado (defina SMTP_URL): os convites ficam guardados e só são
            enviados quando ele for configurado.
          </p>
        )}
        {/* A new key after each invitation empties the form once it is sent. */}
        <InviteForm key={invitations.map((invitation) => invitation.id).join()} failure={failure} />
      </section>

      {invitations.length ? (
        <section aria-labelledby="convites-pendentes" className="flex flex-col gap-3">
          <h2 id="convites-pendentes" className="text-xl font-bold text-slate-900 dark:text-white">
            Convites pendentes
          </h2>
          <ul className="flex flex-col gap-2">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="min-w-0 text-sm break-words text-slate-800 dark:text-slate-200">
                  <span className="font-semibold">{invitation.email}</span> · {ROLE_LABELS[invitation.role]} ·{" "}
                  {invitation.expired ? "Expirado" : `Vale até ${invitation.expires}`}
                </p>
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={invitation.id} />
                    <Button
                      type="submit"
                      variant="secondary"
                      size="sm"
                      aria-label={`Reenviar o convite de ${invitation.email}`}
                    >
                      Reenviar
                    </Button>
                  </Form>
                  <DeleteForm
                    id={invitation.id}
                    intent="revoke"
                    question={`Cancelar o convite de ${invitation.email}?`}
                    label={`Cancelar o convite de ${invitation.email}`}
                  >
                    Cancelar
                  </DeleteForm>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="equipe" className="flex flex-col gap-3">
        <h2 id="equipe" className="text-xl font-bold text-slate-900 dark:text-white">
          Equipe
        </h2>
        <ul className="flex flex-col gap-2">
          {members.map((member) => {
            const who = member.name ? `${member.name} (${member.email})` : member.email;
            return (
              <li
                key={member.id}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 lg:flex-row lg:items-center lg:justify-between dark:border-slate-800 dark:bg-slate-900"
              >
                {/* An address is one long word: it wraps rather than widen the page on a phone. */}
                <div className="flex min-w-0 flex-col gap-1 break-words">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    {member.name ?? member.email}
                    {member.id === selfId ? " (você)" : ""}
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{member.email}</p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                    <Badge>{ROLE_LABELS[member.role]}</Badge>
                    <Badge variant={member.active ? "published" : "archived"}>
                      {member.active ? "Ativo" : "Desativado"}
                    </Badge>
                    <span>Último acesso: {member.lastSignIn}</span>
                  </p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Verificação em duas etapas: {member.twoFactor ? "ativada" : "desativada"} · Passkeys:{" "}
                    {member.passkeys}
                  </p>
                  {member.id !== selfId && (member.twoFactor || member.passkeys > 0) ? (
                    <SecondFactorReset id={member.id} who={who} />
                  ) : null}
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={member.id} />
                    {/* The card names the person above; spelled out in the label, the address
                        made the field as wide as itself, wider than a phone. */}
                    <Field
                      label={
                        <>
                          Papel<span className="sr-only"> de {who}</span>
                        </>
                      }
                    >
                      <Select name="role" defaultValue={member.role}>
                        <RoleOptions />
                      </Select>
                    </Field>
                    <Button
                      type="submit"
                      variant="secondary"
                      size="sm"
                      aria-label={`Alterar papel de ${who}`}
                    >
                      Alterar papel
                    </Button>
                  </Form>
                  {/* One's own account is neither deactivated nor removed here (the server refuses it too). */}
                  {member.id === selfId ? null : (
                    <>
                      <Form method="post">
                        <input
                          type="hidden"
                          name="intent"
                          value={member.active ? "deactivate" : "reactivate"}
                        />
                        <input type="hidden" name="id" value={member.id} />
                        <Button
                          type="submit"
                          variant="secondary"
                          size="sm"
                          aria-label={`${member.active ? "Desativar" : "Reativar"} ${who}`}
                        >
                          {member.active ? "Desativar" : "Reativar"}
                        </Button>
                      </Form>
                      <DeleteForm
                        id={member.id}
                        intent="remove"
                        question={`Remover a conta de ${member.email}? As sessões dela terminam na hora.`}
                        label={`Remover ${who}`}
                      >
                        Remover
                      </DeleteForm>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="segunda-etapa" className={sectionClassName}>
        <h2 id="segunda-etapa" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
          Segunda etapa no acesso
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          {secondFactorPolicy
            ? "Obrigatória: quem não tem verificação em duas etapas nem passkey configura uma ao entrar, antes de usar o painel."
            : "Opcional: cada pessoa decide se usa verificação em duas etapas ou passkey."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="second-factor-policy" />
          <input type="hidden" name="required" value={secondFactorPolicy ? "" : "1"} />
          <Button type="submit" variant={secondFactorPolicy ? "secondary" : "primary"}>
            {secondFactorPolicy ? "Tornar a segunda etapa opcional" : "Exigir segunda etapa de todos"}
          </Button>
        </Form>
      </section>
    </AdminPage>
  );
}

/**
 * The invitation: the only form of the page with fields the server may refuse one by one, so
 * the one checked in the browser with the invite command's own schema.
 */
function InviteForm({ failure }: { failure: CommandFailure | undefined }) {
  const { fields, formProps } = useCommandForm(inviteFormSchema, failure);
  return (
    <Form {...formProps} method="post" className="flex flex-col gap-3 md:flex-row md:items-end">
      <input type="hidden" name="intent" value="invite" />
      <Field label="E-mail" required className="flex-1" error={fields.email.errors?.[0]}>
        <TextInput
          name={fields.email.name}
          type="email"
          maxLength={320}
          autoComplete="off"
          defaultValue={fields.email.initialValue}
        />
      </Field>
      <Field label="Papel" required error={fields.role.errors?.[0]}>
        <Select name={fields.role.name} defaultValue={fields.role.initialValue || "editor"}>
          <RoleOptions />
        </Select>
      </Field>
      <Button type="submit">Enviar convite</Button>
    </Form>
  );
}

/**
 * Ask before clearing a colleague's second factor, without JavaScript: the disclosure opens a
 * form whose checkbox the browser requires and the server checks again.
 */
function SecondFactorReset({ id, who }: { id: string; who: string }) {
  return (
    <details className="mt-1 text-sm">
      <summary className="w-fit cursor-pointer rounded font-semibold text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:text-red-300 dark:focus-visible:outline-red-300">
        Redefinir verificação em duas etapas<span className="sr-only"> de {who}</span>
      </summary>
      <Form
        method="post"
        className="mt-2 flex max-w-xl flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-3 dark:border-red-900 dark:bg-red-950"
      >
        <input type="hidden" name="intent" value="second-factor-reset" />
        <input type="hidden" name="id" value={id} />
        <label className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
          <input type="checkbox" name="confirmar" value="sim" required className="mt-1 size-4" />
          <span>
            Confirmo que o pedido veio mesmo de {who}. O aplicativo autenticador, os códigos de recuperação e
            as passkeys deixam de valer, as sessões abertas terminam e a pessoa passa a entrar só com a senha
            (e recebe um e-mail avisando).
          </span>
        </label>
        <div>
          <Button
            type="submit"
            variant="danger"
            size="sm"
            aria-label={`Redefinir verificação em duas etapas de ${who}`}
          >
            Redefinir
          </Button>
        </div>
      </Form>
    </details>
  );
}

function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
