import { z } from "zod";

// A mailbox as people write it in MAIL_FROM: read by the configuration at start.

export interface MailAddress {
  name: string;
  address: string;
}

const emailAddress = z.email();

/** Whether `value` is one e-mail address. */
export function isEmailAddress(value: string): boolean {
  return emailAddress.safeParse(value).success;
}

/** `"Name" <address>`, `Name <address>` or a bare address. */
export function parseMailbox(value: string): MailAddress | null {
  const match = value.match(/^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>\s*$/);
  const name = match ? (match[1] ?? "").trim() : "";
  const address = (match ? match[2] : value.trim()) ?? "";
  return isEmailAddress(address) ? { name, address } : null;
}
