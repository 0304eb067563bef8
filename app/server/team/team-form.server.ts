import { data, redirect } from "react-router";
import { z } from "zod";
import { isRole } from "~/lib/roles";
import { hasSecondFactor, setSecondFactorRequired } from "../accounts/second-factor-policy.server";
import type { CurrentSession } from "../accounts/sessions.server";
import { setFlash } from "../accounts/sessions.server";
import { recordAudit } from "../audit/audit-log.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "../forms/read-form.server";
import { validateForm } from "../forms/validate-form.server";
import { siteSettings } from "../settings/site-settings.server";
import {
  createInvitation,
  inviteFormSchema,
  ROLE_MESSAGE,
  resendInvitation,
  revokeInvitation,
} from "./invitations.server";
import { RESET_CONFIRMATION_MESSAGE, resetSecondFactors } from "./second-factor-reset.server";
import { changeTeamMember, type MemberChange } from "./team-members.server";

export const TEAM_PATH = "/admin/usuarios";

/** What the team page's action answers when it changed nothing. */
export interface TeamFormFailure {
  error: string;
}

const fail = (error: string, status: number) => data<TeamFormFailure>({ error }, { status });

/**
 * The team page's forms (the caller checked the session is an Administrador's): invite, send an
 * invitation again or cancel it, change, deactivate, reactivate or remove an account, and reset a
 * colleague's second factor.
 * Succeeds with a redirect and a toast; otherwise the reason, 4xx, and nothing changed.
 */
export async function submitTeamForm(request: Request, requestContext: object, session: CurrentSession) {
  const form = await readForm(request);
  if (!form) return fail(UNREADABLE_FORM_MESSAGE, 400);
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const siteName = (await siteSettings(requestContext)).site.name;

  if (intent === "invite") {
    const parsed = validateForm(inviteFormSchema, {
      email: formText(form, "email"),
      role: formText(form, "role"),
    });
    if (!parsed.ok) return fail(parsed.message, 400);
    const result = await createInvitation(session.user.id, parsed.data, siteName);
    if (!result.ok) return fail(result.message, result.status);
    await recordAudit(session, {
      action: "user.invite",
      target: { type: "invitation", label: parsed.data.email },
      details: { role: parsed.data.role },
    });
    return done(session, "Convite enviado!", `${parsed.data.email} vai receber um link válido por 72 horas.`);
  }
  if (intent === "second-factor-policy") return submitSecondFactorPolicy(session, form);
  if (intent === "second-factor-reset") {
    // The form's checkbox, checked by the server too: a stray post must not log a colleague out.
    if (formText(form, "confirmar") !== "sim") return fail(RESET_CONFIRMATION_MESSAGE, 400);
    const result = await resetSecondFactors(session, id, siteName);
    if (!result.ok) return fail(result.message, result.status);
    return done(
      session,
      "Verificação em duas etapas redefinida.",
      `${result.email} entra agora só com a senha; as sessões abertas foram encerradas e um e-mail avisa a pessoa.`,
    );
  }
  if (intent === "resend" || intent === "revoke") {
    const result = intent === "resend" ? await resendInvitation(id, siteName) : await revokeInvitation(id);
    if (!result.ok) return fail(result.message, result.status);
    await recordAudit(session, {
      action: intent === "resend" ? "user.invite" : "user.invitation_revoke",
      target: { type: "invitation", id, label: result.email },
      details: intent === "resend" ? { resent: true } : undefined,
    });
    return intent === "resend"
      ? done(
          session,
          "Convite reenviado!",
          `Um novo link foi enviado para ${result.email}; o anterior não vale mais.`,
        )
      : done(session, "Convite cancelado.", `O link enviado para ${result.email} não vale mais.`);
  }

  const change = memberChange(intent, formText(form, "role"));
  if (!change) return fail(intent === "role" ? ROLE_MESSAGE : "Ação desconhecida.", 400);
  const result = await changeTeamMember(session.user.id, id, change);
  if (!result.ok) return fail(result.message, result.status);
  await recordAudit(session, {
    action: memberChangeActions[change.kind],
    target: { type: "user", id, label: result.email },
    details:
      change.kind === "role" ? { role: { before: result.previousRole, after: change.role } } : undefined,
  });
  const toasts: Record<MemberChange["kind"], [string, string]> = {
    role: ["Papel alterado!", `${result.email} agora tem o papel escolhido.`],
    deactivate: [
      "Usuário desativado.",
      `${result.email} não consegue mais entrar; as sessões abertas foram encerradas.`,
    ],
    reactivate: ["Usuário reativado!", `${result.email} pode entrar novamente.`],
    remove: ["Usuário removido.", `A conta de ${result.email} foi excluída e as sessões dela, encerradas.`],
  };
  const [title, description] = toasts[change.kind];
  return done(session, title, description);
}

const memberChangeActions = {
  role: "user.role_change",
  deactivate: "user.deactivate",
  reactivate: "user.reactivate",
  remove: "user.remove",
} as const;

function memberChange(intent: string, role: string): MemberChange | undefined {
  if (intent === "role") return isRole(role) ? { kind: "role", role } : undefined;
  if (intent === "deactivate" || intent === "reactivate" || intent === "remove") return { kind: intent };
  return undefined;
}

async function done(session: CurrentSession, title: string, description: string): Promise<never> {
  await setFlash(session, { title, description });
  throw redirect(TEAM_PATH);
}

const policyFormSchema = z.object({
  required: z.enum(["", "1"], { error: "Opção inválida para a segunda etapa obrigatória." }),
});

/** Turn the team's required-second-factor rule on or off; whoever turns it on must meet it. */
async function submitSecondFactorPolicy(session: CurrentSession, form: FormData) {
  const parsed = validateForm(policyFormSchema, { required: formText(form, "required") });
  if (!parsed.ok) return fail(parsed.message, 400);
  const required = parsed.data.required === "1";
  if (required && !(await hasSecondFactor(session.user.id)))
    return fail(
      "Antes de exigir de todos, ative a verificação em duas etapas ou adicione uma passkey na sua conta.",
      409,
    );
  await setSecondFactorRequired(required);
  await recordAudit(session, { action: "settings.second_factor_policy", details: { obrigatorio: required } });
  return required
    ? done(
        session,
        "Segunda etapa obrigatória.",
        "Quem não tiver verificação em duas etapas nem passkey vai configurar uma ao entrar.",
      )
    : done(session, "Segunda etapa opcional.", "Cada pessoa decide se usa verificação em duas etapas.");
}
