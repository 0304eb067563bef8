import { z } from "zod";
import { inviteFormSchema, ROLE_MESSAGE } from "~/lib/invite-form";
import { isRole, roleCan } from "~/lib/roles";
import { hasSecondFactor, setSecondFactorRequired } from "../accounts/second-factor-policy.server";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { validateForm } from "../forms/validate-form.server";
import {
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { createInvitation, resendInvitation, revokeInvitation } from "./invitations.server";
import { RESET_CONFIRMATION_MESSAGE, resetSecondFactors } from "./second-factor-reset.server";
import { changeTeamMember, type MemberChange } from "./team-members.server";

// The team page's writes (/admin/usuarios), as admin commands (docs/decisions/0080): invite,
// send an invitation again or cancel it, change, deactivate, reactivate or remove an account,
// the required-second-factor rule, and a colleague's second-factor reset. Each change and its
// audit entry (and the e-mail it queues) commit together; the outbox worker is woken after.

const TEAM_PATH = "/admin/usuarios";

/** Where the pages and e-mails name the site. */
interface SiteName {
  siteName: string;
}

/** A domain refusal as an outcome: nothing was written. */
function failed(result: { status: 403 | 404 | 409; message: string }): CommandOutcome {
  if (result.status === 404) return notFound(result.message);
  if (result.status === 409) return conflict(result.message);
  return { kind: "forbidden", message: result.message };
}

const toTeam = (title: string, description: string) => done({ title, description }, TEAM_PATH);

/** The outcome, once the change it reports has committed and queued its e-mail. */
function woken(outcome: CommandOutcome): CommandOutcome {
  if (outcome.kind === "done") wakeOutboxWorker();
  return outcome;
}

export async function inviteMember(
  actor: CurrentSession,
  input: SiteName & { email: string; role: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "users.manage")) return forbidden();
  const parsed = validateForm(inviteFormSchema, { email: input.email, role: input.role });
  if (!parsed.ok) {
    const values = { email: input.email.slice(0, 320), role: input.role.slice(0, 20) };
    return refused(parsed.message, { fieldErrors: parsed.fieldErrors, values });
  }
  const invitation = parsed.data;
  const outcome = await auditedChange(actor, async (trx) => {
    const result = await createInvitation(actor.user.id, invitation, input.siteName, trx);
    if (!result.ok) return { value: failed(result), audit: null };
    return {
      value: toTeam("Convite enviado!", `${invitation.email} vai receber um link válido por 72 horas.`),
      audit: {
        action: "user.invite",
        target: { type: "invitation", label: invitation.email },
        details: { role: invitation.role },
      },
    };
  });
  return woken(outcome);
}

export async function resendInvite(
  actor: CurrentSession,
  input: SiteName & { id: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "users.manage")) return forbidden();
  const outcome = await auditedChange(actor, async (trx) => {
    const result = await resendInvitation(input.id, input.siteName, trx);
    if (!result.ok) return { value: failed(result), audit: null };
    return {
      value: toTeam(
        "Convite reenviado!",
        `Um novo link foi enviado para ${result.email}; o anterior não vale mais.`,
      ),
      audit: {
        action: "user.invite",
        target: { type: "invitation", id: input.id, label: result.email },
        details: { resent: true },
      },
    };
  });
  return woken(outcome);
}

export async function revokeInvite(actor: CurrentSession, input: { id: string }): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "users.manage")) return forbidden();
  return auditedChange(actor, async (trx) => {
    const result = await revokeInvitation(input.id, trx);
    if (!result.ok) return { value: failed(result), audit: null };
    return {
      value: toTeam("Convite cancelado.", `O link enviado para ${result.email} não vale mais.`),
      audit: {
        action: "user.invitation_revoke",
        target: { type: "invitation", id: input.id, label: result.email },
      },
    };
  });
}

const memberChangeActions = {
  role: "user.role_change",
  deactivate: "user.deactivate",
  reactivate: "user.reactivate",
  remove: "user.remove",
} as const;

/** The change an intent names, or undefined (an unknown intent, an unknown role). */
function memberChange(intent: string, role: string): MemberChange | undefined {
  if (intent === "role") return isRole(role) ? { kind: "role", role } : undefined;
  if (intent === "deactivate" || intent === "reactivate" || intent === "remove") return { kind: intent };
  return undefined;
}

/** Change one account's role, or deactivate, reactivate or remove it (`intent`). */
export async function changeMember(
  actor: CurrentSession,
  input: { id: string; intent: string; role: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "users.manage")) return forbidden();
  const change = memberChange(input.intent, input.role);
  if (!change) return refused(input.intent === "role" ? ROLE_MESSAGE : "Ação desconhecida.");
  const { id } = input;
  return auditedChange(actor, async (trx) => {
    const result = await changeTeamMember(actor.user.id, id, change, trx);
    if (!result.ok) return { value: failed(result), audit: null };
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
    return {
      value: toTeam(title, description),
      audit: {
        action: memberChangeActions[change.kind],
        target: { type: "user", id, label: result.email },
        details:
          change.kind === "role" ? { role: { before: result.previousRole, after: change.role } } : undefined,
      },
    };
  });
}

const policyFormSchema = z.object({
  required: z.enum(["", "1"], { error: "Opção inválida para a segunda etapa obrigatória." }),
});

/** Turn the team's required-second-factor rule on or off; whoever turns it on must meet it. */
export async function setSecondFactorPolicy(
  actor: CurrentSession,
  input: { required: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "users.manage")) return forbidden();
  const parsed = validateForm(policyFormSchema, { required: input.required });
  if (!parsed.ok) return refused(parsed.message);
  const required = parsed.data.required === "1";
  if (required && !(await hasSecondFactor(actor.user.id)))
    return conflict(
      "Antes de exigir de todos, ative a verificação em duas etapas ou adicione uma passkey na sua conta.",
    );
  return auditedChange(actor, async (trx) => {
    await setSecondFactorRequired(required, trx);
    return {
      value: required
        ? toTeam(
            "Segunda etapa obrigatória.",
            "Quem não tiver verificação em duas etapas nem passkey vai configurar uma ao entrar.",
          )
        : toTeam("Segunda etapa opcional.", "Cada pessoa decide se usa verificação em duas etapas."),
      audit: { action: "settings.second_factor_policy", details: { obrigatorio: required } },
    };
  });
}

/** Clear a colleague's second step; `confirmed` is the form's checkbox ("sim"). */
export async function resetMemberSecondFactor(
  actor: CurrentSession,
  input: SiteName & { id: string; confirmed: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "users.manage")) return forbidden();
  // The form's checkbox, checked by the server too: a stray post must not log a colleague out.
  if (input.confirmed !== "sim") return refused(RESET_CONFIRMATION_MESSAGE);
  // One transaction with its entry and the e-mail (second-factor-reset.server.ts).
  const result = await resetSecondFactors(actor, input.id, input.siteName);
  if (!result.ok) return failed(result);
  return toTeam(
    "Verificação em duas etapas redefinida.",
    `${result.email} entra agora só com a senha; as sessões abertas foram encerradas e um e-mail avisa a pessoa.`,
  );
}
