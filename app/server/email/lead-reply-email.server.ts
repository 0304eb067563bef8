import { z } from "zod";
import type { SiteConfig } from "~/lib/company-settings";
import type { Lead } from "../db/schema";
import type { MailAddress } from "../platform/mailbox.server";
import { escapeHtml, type OutgoingMail } from "./lead-email.server";

// The team's reply to a quote request, written in the admin: to the visitor's address, from the
// site's sender, with Reply-To the company's e-mail so the conversation continues in the
// company's mailbox. The text is the one the team sent (queued with it), in plain text and
// escaped HTML.

export const LEAD_REPLY = "lead-reply";

export const leadReplyPayload = z.object({
  subject: z.string().min(1).max(150),
  text: z.string().min(1).max(10_000),
});
export type LeadReplyPayload = z.infer<typeof leadReplyPayload>;

export function leadReplyMail(
  lead: Pick<Lead, "email">,
  payload: LeadReplyPayload,
  from: MailAddress,
  site: SiteConfig,
  outboxId: string,
): OutgoingMail {
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(payload.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<p style="white-space:pre-wrap">${escapeHtml(payload.text)}</p>
</body></html>
`;
  const host = from.address.split("@")[1] ?? "localhost";
  return {
    messageId: `<${outboxId}@${host}>`,
    from,
    to: [lead.email],
    replyTo: { name: site.name, address: site.email },
    subject: payload.subject.replace(/\s+/g, " ").trim(),
    text: payload.text.endsWith("\n") ? payload.text : `${payload.text}\n`,
    html,
  };
}
