import type { LeadStatus } from "./lead-status";

// The owner's reply texts: placeholders the admin fills with the request's and the company's
// facts. Pure, so the template editor and the server agree on what a placeholder is.

export const REPLY_PLACEHOLDERS = ["nome", "servico", "empresa", "telefone"] as const;
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number];
export type ReplyFacts = Record<ReplyPlaceholder, string>;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** The text with each known placeholder replaced; anything else in braces stays as typed. */
export function fillTemplate(text: string, facts: ReplyFacts): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (REPLY_PLACEHOLDERS as readonly string[]).includes(name) ? facts[name as ReplyPlaceholder] : whole,
  );
}

/** Placeholders in `text` that the site does not know (a typo such as {nomes}). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (name && !(REPLY_PLACEHOLDERS as readonly string[]).includes(name)) unknown.add(`{${name}}`);
  }
  return [...unknown];
}

/**
 * The template a reply starts from: the one asked for, else the first written for the request's
 * stage, else the first written for any stage, else the first there is.
 */
export function templateFor<T extends { id: string; stage: LeadStatus | null }>(
  templates: T[],
  stage: LeadStatus,
  chosen?: string | null,
): T | undefined {
  return (
    templates.find((t) => t.id === chosen) ??
    templates.find((t) => t.stage === stage) ??
    templates.find((t) => t.stage === null) ??
    templates[0]
  );
}
