import type { SiteConfig } from "~/lib/company-settings";
import { sourceLabel } from "~/lib/lead-source";
import { requestNumberLabel } from "~/lib/request-number";
import { formatListDateTime } from "~/lib/site-time";
import type { Lead } from "../db/schema";
import type { MailAddress } from "../platform/mailbox.server";

/** The columns of a lead that its notification e-mail shows (what the worker reads). */
export const leadEmailColumns = [
  "id",
  "name",
  "email",
  "phone",
  "condominium",
  "service",
  "message",
  "created_at",
  "utm_source",
  "utm_campaign",
  "source_referrer_host",
  "number",
  "repeat_of",
] as const;

export type LeadForEmail = Pick<Lead, (typeof leadEmailColumns)[number]>;

export interface OutgoingMail {
  messageId: string;
  from: MailAddress;
  to: string[];
  replyTo: MailAddress;
  subject: string;
  text: string;
  html: string;
}

/** Text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** For a one-line header: no line breaks, bounded length. */
function headerText(value: string, max = 120): string {
  const line = value.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A request's number as the e-mails write it, or its id for a row that has none. */
const requestName = (lead: Pick<LeadForEmail, "id" | "number">) =>
  lead.number === null ? lead.id : requestNumberLabel(lead.number);

/**
 * The message the company receives for a quote request: every field, in plain text and in
 * escaped HTML, with Reply-To set to the visitor so answering reaches them directly.
 * The Message-ID is derived from the outbox row, so a retried delivery is recognisably the
 * same message. A repeat (`firstNumber`: the number of the request it repeats,
 * docs/decisions/0090) says so first, so the owner does not take it for a new request.
 */
export function leadNotification(
  lead: LeadForEmail,
  mail: { from: MailAddress; to: string[] },
  site: SiteConfig,
  outboxId: string,
  firstNumber?: number | null,
): OutgoingMail {
  const when = `${formatListDateTime(lead.created_at)} (horário de Brasília)`;
  const repeated = lead.repeat_of !== null;
  const first = firstNumber === undefined || firstNumber === null ? null : requestNumberLabel(firstNumber);
  const intro = repeated
    ? `${lead.name} enviou de novo pelo site ${site.name} o mesmo pedido de orçamento${first ? ` (o pedido ${first})` : ""}. No painel ele aparece como repetição do primeiro, não como um pedido novo.`
    : `Novo pedido de orçamento recebido pelo site ${site.name}.`;
  const fields: Array<[string, string]> = [
    ["Nome", lead.name],
    ["E-mail", lead.email],
    ["Telefone", lead.phone],
    ["Condomínio", lead.condominium],
    ["Serviço", lead.service],
    // Where the visitor came from (the request's page in the inbox has the rest).
    [
      "Origem",
      lead.utm_campaign ? `${sourceLabel(lead)} (campanha ${lead.utm_campaign})` : sourceLabel(lead),
    ],
  ];
  const text = [
    intro,
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    "Mensagem:",
    lead.message,
    "",
    `Recebido em: ${when}`,
    `Pedido: ${requestName(lead)}`,
    "",
    `Responda a este e-mail para falar diretamente com ${lead.name}.`,
    `Todos os pedidos ficam no painel: ${site.publicUrl}/admin`,
    "",
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Novo pedido de orçamento</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:20px">${repeated ? "Pedido de orçamento repetido" : "Novo pedido de orçamento"}</h1>
${repeated ? `<p>${escapeHtml(intro)}</p>\n<p>Recebido em ${escapeHtml(when)}.</p>` : `<p>Recebido pelo site ${escapeHtml(site.name)} em ${escapeHtml(when)}.</p>`}
<table role="presentation" style="border-collapse:collapse">${fields.map(([label, value]) => row(label, value)).join("")}</table>
<h2 style="font-size:16px;margin-top:20px">Mensagem</h2>
<p style="white-space:pre-wrap;border-left:4px solid #f97316;padding-left:12px">${escapeHtml(lead.message)}</p>
<p style="color:#475569;font-size:13px">Pedido ${escapeHtml(requestName(lead))}. Responda a este e-mail para falar diretamente com ${escapeHtml(lead.name)}.</p>
</body></html>
`;

  const host = mail.from.address.split("@")[1] ?? "localhost";
  return {
    messageId: `<${outboxId}@${host}>`,
    from: mail.from,
    to: mail.to,
    replyTo: { name: headerText(lead.name, 80), address: lead.email },
    subject: headerText(
      repeated
        ? `Pedido repetido${first ? ` (${first})` : ""}: ${lead.name} (${lead.service})`
        : `Novo pedido de orçamento: ${lead.name} (${lead.service})`,
    ),
    text,
    html,
  };
}
