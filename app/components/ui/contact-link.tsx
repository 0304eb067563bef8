import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { type ContactKind, contactTarget, TAP_LINK_ATTRIBUTE, tapCountingAddress } from "~/lib/contact-taps";
import { useSite } from "~/lib/site-context";

/**
 * A WhatsApp, phone or e-mail link of the public site. Its `href` is the company's real number
 * or address from the settings (wa.me with the message, tel:, mailto:), so it works whatever
 * happens to the site; the tap is counted beside it, by the browser's `ping` and a beacon
 * (docs/decisions/0071). WhatsApp opens in a new tab.
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
  const site = useSite();
  const { pathname } = useLocation();
  const newTab = kind === "whatsapp";
  return (
    <a
      href={contactTarget(kind, site)}
      ping={tapCountingAddress(kind, pathname)}
      {...{ [TAP_LINK_ATTRIBUTE]: kind }}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener" : undefined}
      aria-label={ariaLabel}
      className={className}
    >
      {children}
    </a>
  );
}
