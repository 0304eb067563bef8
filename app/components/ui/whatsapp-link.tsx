import type { ReactNode } from "react";
import { useSite } from "~/lib/site-context";
import { whatsappUrl } from "~/lib/whatsapp";

/** A link that opens the company's WhatsApp conversation in a new tab. */
export function WhatsappLink({ className, children }: { className?: string; children: ReactNode }) {
  const site = useSite();
  return (
    <a
      href={whatsappUrl(site.whatsappDigits, site.whatsappMessage)}
      target="_blank"
      rel="noopener"
      className={className}
    >
      {children}
    </a>
  );
}
