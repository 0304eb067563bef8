import { z } from "zod";
import type { SiteConfig } from "~/lib/company-settings";
import { formatListDateTime } from "~/lib/site-time";
import type { MailAddress } from "../platform/mailbox.server";
import { escapeHtml, type OutgoingMail } from "./lead-email.server";

// The morning digest to whoever receives quote requests: the requests nobody has answered for
// more than 24 hours, oldest first, each with a link to it. The outbox row holds only their ids;
// names are read when it is sent, so the queue keeps no one's data and an erased person is
// simply left out.

export const LEAD_DIGEST = "lead-digest";

export const leadDigestPayload = z.object({
  day: z.string(),
  leadIds: z.array(z.string()).min(1),
  /** How many were waiting in all (the e-mail lists at most leadIds.length). */
  total: z.number().int(),
});

export interface DigestLead {
  id: string;
  name: string;
  service: string;
  created_at: string;
}

export function leadDigestMail(
  leads: DigestLead[],
  total: number,
  mail: { from: MailAddress; to: string[] },
  site: SiteConfig,
  outboxId: string,
): OutgoingMail {
  const link = (lead: DigestLead) => `${site.publicUrl}/admin/solicitacoes/${lead.id}`;
  const line = (lead: DigestLead) =>
    `${lead.name} (${lead.service}), recebida em ${formatListDateTime(lead.created_at)}`;
  const more = total > leads.length ? total - leads.length : 0;
  const title =
    total === 1
      ? "1 solicitação de orçamento sem resposta há mais de 24 horas"
      : `${total} solicitações de orçamento sem resposta há mais de 24 horas`;
  const text = [
    `${title}, da mais antiga para a mais recente:`,
    "",
    ...leads.flatMap((lead) => [`- ${line(lead)}`, `  ${link(lead)}`]),
    ...(more ? ["", `E mais ${more}: veja a caixa de entrada, filtrando por “Novo”.`] : []),
    "",
    `Ao responder (por e-mail ou WhatsApp, pelo painel) ou mudar a etapa, a solicitação sai desta lista.`,
    "",
  ].join("\n");
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<ol>${leads.map((lead) => `<li><a href="${escapeHtml(link(lead))}">${escapeHtml(line(lead))}</a></li>`).join("")}</ol>
${more ? `<p>E mais ${more}: veja a caixa de entrada, filtrando por “Novo”.</p>` : ""}
</body></html>
`;
  const host = mail.from.address.split("@")[1] ?? "localhost";
  return {
    messageId: `<${outboxId}@${host}>`,
    from: mail.from,
    to: mail.to,
    replyTo: { name: site.name, address: site.email },
    subject: `${site.name}: ${title}`.slice(0, 150),
    text,
    html,
  };
}
