import { useSite } from "~/lib/site-context";
import { ContactLink } from "./contact-link";
import { Icon } from "./icon";

/**
 * "Ligar": a `tel:` link beside the company's number, for a visitor who would rather call than
 * chat (the number's own link opens WhatsApp, as the spec asks). Counted like every contact tap.
 */
export function CallLink({ className }: { className?: string }) {
  const site = useSite();
  return (
    <ContactLink kind="telefone" ariaLabel={`Ligar para ${site.phoneDisplay}`} className={className}>
      <Icon name="phone" className="size-4 shrink-0" />
      Ligar
    </ContactLink>
  );
}
