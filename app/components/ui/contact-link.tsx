import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { type ContactKind, contactTapHref } from "~/lib/contact-taps";

/**
 * A WhatsApp, phone or e-mail link of the public site: it goes through the site's counting
 * address (/contato/whatsapp?de=<this page>), which counts the tap and redirects to the
 * company's number or address (docs/decisions/0058). WhatsApp opens in a new tab, as before.
 */
export function ContactLink({
  kind,
  className,
  ariaLabel,
  children,
}: {
  kind: ContactKind;
  className?: string;
  ariaLabel?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const newTab = kind === "whatsapp";
  return (
    <a
      href={contactTapHref(kind, pathname)}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener" : undefined}
      aria-label={ariaLabel}
      className={className}
    >
      {children}
    </a>
  );
}
