import { redirectFormSchema } from "~/lib/redirect-form";
import { REDIRECT_CSV_MAX_BYTES, REDIRECT_PATH_MAX_LENGTH, REDIRECTS_PATH } from "~/lib/redirect-paths";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange, ChangeRefused } from "../commands/audited-change.server";
import { validateForm } from "../forms/validate-form.server";
import {
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { parseRedirectCsv } from "./redirect-csv.server";
import { addRedirects, deleteRedirect } from "./redirects.server";

// The owner's redirects, as admin commands (docs/decisions/0080): each checks the capability,
// reads its input, writes and records its audit entry in one transaction, and answers a plain
// outcome for the route to show.

/** Where an address typed in full may come from: the site's own origins. */
export interface RedirectInput {
  origins: readonly string[];
}

const IMPORT_REFUSED = "Nada foi importado: corrija o arquivo e envie de novo.";

/** A refusal message as the list shows it: a sentence. */
const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

export async function createRedirect(
  actor: CurrentSession,
  input: RedirectInput & { from: string; to: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = validateForm(redirectFormSchema(input.origins), { from: input.from, to: input.to });
  if (!parsed.ok) {
    const values = {
      from: input.from.slice(0, REDIRECT_PATH_MAX_LENGTH),
      to: input.to.slice(0, REDIRECT_PATH_MAX_LENGTH),
    };
    return refused(parsed.message, { fieldErrors: parsed.fieldErrors, values });
  }
  const { from, to } = parsed.data;
  return auditedChange(actor, async (trx) => {
    const result = await addRedirects([{ from, to }], trx);
    if (!result.ok) {
      throw new ChangeRefused(
        conflict(sentence([...result.problems.values()][0] ?? "redirecionamento recusado.")),
      );
    }
    return {
      value: done({ title: "Redirecionamento criado!", description: `${from} → ${to}` }, REDIRECTS_PATH),
      audit: {
        action: "redirect.create",
        target: { type: "redirect", label: from },
        details: { to },
      },
    };
  });
}

export async function removeRedirect(actor: CurrentSession, input: { id: string }): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const id = Number.parseInt(input.id, 10);
  const gone = notFound("Redirecionamento não encontrado. Ele pode já ter sido excluído.");
  if (!Number.isSafeInteger(id)) return gone;
  return auditedChange(actor, async (trx) => {
    const from = await deleteRedirect(id, trx);
    if (!from) return { value: gone, audit: null };
    return {
      value: done(
        { title: "Redirecionamento excluído!", description: `${from} não redireciona mais.` },
        REDIRECTS_PATH,
      ),
      audit: { action: "redirect.delete", target: { type: "redirect", id: String(id), label: from } },
    };
  });
}

export async function importRedirects(
  actor: CurrentSession,
  input: RedirectInput & { file: unknown },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { file } = input;
  if (!(file instanceof File) || file.size === 0) return refused("Escolha um arquivo CSV.");
  if (file.size > REDIRECT_CSV_MAX_BYTES)
    return refused("O arquivo CSV pode ter no máximo 1 MB.", { status: 413 });
  const parsed = parseRedirectCsv(await file.text(), input.origins);
  if (!parsed.ok) return refused(IMPORT_REFUSED, { lines: parsed.errors });
  return auditedChange(actor, async (trx) => {
    const result = await addRedirects(parsed.redirects, trx);
    if (!result.ok) {
      const lines = [...result.problems].map(
        ([index, message]) => `Linha ${parsed.redirects[index]?.line ?? index + 1}: ${message}`,
      );
      throw new ChangeRefused(conflict(IMPORT_REFUSED, lines));
    }
    return {
      value: done(
        {
          title: "Redirecionamentos importados!",
          description:
            result.added === 1
              ? "1 redirecionamento importado."
              : `${result.added} redirecionamentos importados.`,
        },
        REDIRECTS_PATH,
      ),
      audit: {
        action: "redirect.import",
        target: { type: "redirect", label: file.name.slice(0, 200) },
        details: { added: result.added },
      },
    };
  });
}
