import { redirect } from "react-router";
import { fillTemplate } from "~/lib/reply-template";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { setFlash } from "~/server/accounts/sessions.server";
import { recordAudit } from "~/server/audit/audit-log.server";
import { leadMention } from "~/server/audit/lead-audit.server";
import { formText, readForm } from "~/server/forms/read-form.server";
import { startWhatsappReply } from "~/server/leads/lead-replies.server";
import { getLead, leadIdFromParam } from "~/server/leads/leads-admin.server";
import { listReplyTemplates, replyFacts } from "~/server/leads/reply-templates.server";
import type { Route } from "./+types/admin-solicitacoes-whatsapp";

// "Responder no WhatsApp": a plain form POST that records the contact on the request's timeline
// and answers 303 to wa.me with the visitor's number and the chosen template filled in, so it
// works without JavaScript and is never a link that skips the record.

export async function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/admin/solicitacoes/${leadIdFromParam(params.id) ?? ""}`);
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request, { can: "leads.manage" });
  const id = leadIdFromParam(params.id);
  const lead = id ? await getLead(id) : null;
  const back = `/admin/solicitacoes/${id ?? ""}`;
  const form = await readForm(request);
  if (!lead || !form) {
    await setFlash(session, { title: "Erro", description: "Solicitação não encontrada.", variant: "error" });
    throw redirect("/admin/solicitacoes", 303);
  }
  const templates = await listReplyTemplates("whatsapp");
  const template = templates.find((t) => t.id === formText(form, "template")) ?? templates[0];
  const text = template
    ? fillTemplate(template.body, await replyFacts(lead))
    : `Olá, ${lead.name.trim()}! Sobre o seu pedido de orçamento de ${lead.service}.`;
  const reply = await startWhatsappReply(lead.id, text, session.user);
  if (!reply.ok) {
    const description =
      reply.reason === "no-number"
        ? "O telefone desta solicitação não é um número de WhatsApp válido."
        : "Solicitação não encontrada.";
    await setFlash(session, { title: "Erro", description, variant: "error" });
    throw redirect(back, 303);
  }
  await recordAudit(session, {
    action: "lead.reply",
    ...leadMention(lead),
    details: { channel: "whatsapp" },
  });
  throw redirect(reply.url, 303);
}
