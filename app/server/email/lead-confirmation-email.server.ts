import type { SiteConfig } from "~/lib/company-settings";
import type { MailAddress } from "../platform/mailbox.server";
import { escapeHtml, type LeadForEmail, type OutgoingMail } from "./lead-email.server";

/** The longest first name the greeting repeats; anything longer is not a name. */
const FIRST_NAME_MAX = 30;

/**
 * The first name to greet the visitor by, or null: the first word of what they typed, when it
 * is letters only (with ' and -, perhaps a final .) and short: never an address. Nothing else they typed is repeated, so the form
 * cannot make the company's e-mail carry someone's text to any address (docs/decisions/0045).
 */
export function greetingName(name: string): string | null {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return first.length <= FIRST_NAME_MAX && /^\p{L}[\p{L}\p{M}'’-]*\.?$/u.test(first) ? first : null;
}

/**
 * The message a visitor receives when their request arrived: the owner's text (settings),
 * framed by a greeting with their first name, the service chosen from the company's list and
 * how to reach the company. It goes to the address typed in the form and nowhere else; replies
 * reach the company's e-mail.
 */
export function leadConfirmation(
  lead: Pick<LeadForEmail, "name" | "email" | "service">,
  text: string,
  from: MailAddress,
  site: SiteConfig,
  outboxId: string,
): OutgoingMail {
  const name = greetingName(lead.name);
  const greeting = name ? `Olá, ${name},` : "Olá,";
  // The service is one of the form's options (checked when the request arrived), not free text.
  const summary: Array<[string, string]> = [["Serviço", lead.service]];
  const signature = `${site.name} · ${site.phoneDisplay} · ${site.email}`;
  const plain = [
    greeting,
    "",
    text,
    "",
    ...summary.map(([label, value]) => `${label}: ${value}`),
    "",
    signature,
    "",
  ].join("\n");
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Recebemos seu pedido de orçamento</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p style="white-space:pre-wrap">${escapeHtml(text)}</p>
<ul>${summary.map(([label, value]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`).join("")}</ul>
<p style="color:#475569;font-size:13px">${escapeHtml(signature)}</p>
</body></html>
`;
  const host = from.address.split("@")[1] ?? "localhost";
  return {
    messageId: `<${outboxId}@${host}>`,
    from,
    to: [lead.email],
    replyTo: { name: site.name, address: site.email },
    subject: `Recebemos seu pedido de orçamento - ${site.name}`.slice(0, 120),
    text: plain,
    html,
  };
}
