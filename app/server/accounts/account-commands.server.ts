import { roleCan } from "~/lib/roles";
import { wakeOutboxWorker } from "../email/outbox-worker.server";
import { validateForm } from "../forms/validate-form.server";
import {
  answered,
  type CommandOutcome,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { type AccountKeyChange, recordAccountKeyChange } from "./account-key-change.server";
import {
  confirmTotpSchema,
  confirmTotpSetup,
  disableTotpSchema,
  turnOffTotp,
} from "./account-two-factor.server";
import { changePassword, changePasswordSchema } from "./change-password.server";
import { addPasskey, passkeyNameSchema, removePasskey } from "./passkeys.server";
import { reauthenticate, reauthenticationSchema } from "./recent-authentication.server";
import type { CurrentSession } from "./sessions.server";

// 'Minha conta': a signed-in person's own keys, as commands (docs/decisions/0080). A change to a
// key commits with its audit entry and the e-mail that tells the owner (account-key-change);
// the outbox is woken once it has.

const ACCOUNT_PATH = "/admin/conta";

/** Records `change` in the transaction of the write it goes with. */
const told =
  (actor: CurrentSession, change: AccountKeyChange, siteName: string) =>
  (trx: Parameters<typeof recordAccountKeyChange>[0]) =>
    recordAccountKeyChange(trx, actor, change, siteName);

export async function changeOwnPassword(
  actor: CurrentSession,
  input: { current: string; password: string; confirmation: string },
  siteName: string,
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = validateForm(changePasswordSchema, input);
  if (!parsed.ok) return refused(parsed.message);
  const result = await changePassword(actor, parsed.data, siteName);
  if (!result.ok) return refused(result.message, { status: result.status });
  return done(
    {
      title: "Senha alterada!",
      description: "As outras sessões da sua conta foram encerradas; esta continua aberta.",
    },
    ACCOUNT_PATH,
  );
}

/** The password or a second factor typed again: the session may change the account's keys a while. */
export async function confirmIdentity(
  actor: CurrentSession,
  input: { password: string; code: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = validateForm(reauthenticationSchema, input);
  if (!parsed.ok) return refused(parsed.message);
  const result = await reauthenticate(actor, parsed.data);
  if (!result.ok) return refused(result.message, { status: result.status });
  return done(
    {
      title: "Identidade confirmada",
      description: "Nos próximos 10 minutos você pode alterar passkeys e a verificação em duas etapas.",
    },
    ACCOUNT_PATH,
  );
}

/** Turning TOTP on; the answer carries the ten recovery codes, shown this once (stored hashed). */
export async function turnOnTwoFactor(
  actor: CurrentSession,
  input: { code: string },
  siteName: string,
): Promise<CommandOutcome<{ recoveryCodes: string[] }>> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = validateForm(confirmTotpSchema, input);
  if (!parsed.ok) return refused(parsed.message);
  const result = await confirmTotpSetup(
    actor,
    parsed.data,
    told(
      actor,
      { action: "user.two_factor_on", notice: "A verificação em duas etapas foi ativada" },
      siteName,
    ),
  );
  if (!result.ok) return refused(result.message, { status: result.status });
  wakeOutboxWorker();
  return answered({ recoveryCodes: result.value });
}

export async function turnOffTwoFactor(
  actor: CurrentSession,
  input: { password: string; code: string },
  siteName: string,
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = validateForm(disableTotpSchema, input);
  if (!parsed.ok) return refused(parsed.message);
  const result = await turnOffTotp(
    actor,
    parsed.data,
    told(
      actor,
      { action: "user.two_factor_off", notice: "A verificação em duas etapas foi desativada" },
      siteName,
    ),
  );
  if (!result.ok) return refused(result.message, { status: result.status });
  wakeOutboxWorker();
  return done(
    {
      title: "Verificação em duas etapas desativada",
      description: "O acesso não pede mais o código do aplicativo.",
    },
    ACCOUNT_PATH,
  );
}

/** A passkey the browser just made; `request` says which site it was made for. */
export async function addOwnPasskey(
  actor: CurrentSession,
  input: { request: Request; name: string; response: string },
  siteName: string,
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const name = passkeyNameSchema.safeParse(input.name);
  if (!name.success) return refused(name.error.issues[0]?.message ?? "Nome inválido.");
  const change = {
    action: "user.passkey_add",
    details: { nome: name.data },
    notice: `Uma passkey ("${name.data}") foi adicionada`,
  } as const;
  const result = await addPasskey(
    input.request,
    actor.user.id,
    name.data,
    input.response,
    told(actor, change, siteName),
  );
  if (!result.ok) return refused(result.message);
  wakeOutboxWorker();
  return done(
    { title: "Passkey adicionada", description: `"${name.data}" já pode ser usada para entrar.` },
    ACCOUNT_PATH,
  );
}

export async function removeOwnPasskey(
  actor: CurrentSession,
  input: { id: string },
  siteName: string,
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const name = await removePasskey(actor.user.id, input.id, (trx, removed) =>
    told(
      actor,
      {
        action: "user.passkey_remove",
        details: { nome: removed },
        notice: `A passkey "${removed}" foi removida`,
      },
      siteName,
    )(trx),
  );
  if (name === undefined) return notFound("Passkey não encontrada.");
  wakeOutboxWorker();
  return done({ title: "Passkey removida", description: "Ela não entra mais nesta conta." }, ACCOUNT_PATH);
}
