// The site's contact links that count a tap before handing the visitor to WhatsApp, the phone
// or the e-mail program (docs/decisions/0058-contact-tap-counting.md). Shared by the links the
// pages draw and the route that counts and redirects.

export const CONTACT_KINDS = ["whatsapp", "telefone", "email"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The query parameter naming the page the link was on. */
export const TAP_PAGE_PARAM = "de";

/** The counting link for a kind on the page `page` ("/contato/whatsapp?de=/obras"). */
export function contactTapHref(kind: ContactKind, page: string): string {
  return `/contato/${kind}?${TAP_PAGE_PARAM}=${encodeURIComponent(page).replaceAll("%2F", "/")}`;
}
