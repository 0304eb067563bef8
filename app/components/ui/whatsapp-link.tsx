import type { ReactNode } from "react";
import { ContactLink } from "./contact-link";

/** A link that opens the company's WhatsApp conversation in a new tab (the tap is counted). */
export function WhatsappLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <ContactLink kind="whatsapp" className={className}>
      {children}
    </ContactLink>
  );
}
