import { redirect } from "react-router";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { done, notFound } from "~/server/commands/index.server";
import { formText, readForm } from "~/server/forms/index.server";
import { contactOnWhatsapp, leadIdFromParam } from "~/server/leads/index.server";
import type { Route } from "./+types/admin-solicitacoes-whatsapp";

// "Responder no WhatsApp": a plain form POST that records the contact on the request's timeline
// and answers 303 to wa.me with the visitor's number and the chosen template filled in, so it
// works without JavaScript and is never a link that skips the record.

export async function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/admin/solicitacoes/${leadIdFromParam(params.id) ?? ""}`);
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const form = await readForm(request);
  const outcome = form
    ? await contactOnWhatsapp(session, { id: params.id ?? "", template: formText(form, "template") })
    : notFound("Solicitação não encontrada.");
  if (outcome.kind === "answered") throw redirect(outcome.body.url, 303);
  if (outcome.kind === "done") return answerCommand(session, outcome);
  // The browser left a page for a resource with no page of its own: what went wrong shows as a
  // toast where it goes back to (the request's page, or the inbox when the request is gone).
  const backTo =
    outcome.kind === "refused"
      ? `/admin/solicitacoes/${leadIdFromParam(params.id) ?? ""}`
      : "/admin/solicitacoes";
  return answerCommand(
    session,
    done({ title: "Erro", description: outcome.message, variant: "error" }, backTo),
  );
}
