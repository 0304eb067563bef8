import { Icon } from "~/components/ui/icon";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { useSite } from "~/lib/site-context";
import { whatsappUrl } from "~/lib/whatsapp";
import { type ButtonSize, buttonClassName } from "./ui";

/**
 * 'Ligar' and 'WhatsApp' for a quote request: one tap from the inbox, the request's page and
 * Início to the person who asked. A phone that is not a number (typed oddly) offers neither.
 */
export function LeadContactLinks({
  name,
  phone,
  digits = internationalPhoneDigits(phone),
  size = "sm",
}: {
  name: string;
  phone: string;
  /** The phone's international digits, when the server already derived them. */
  digits?: string | null;
  /** "md" keeps them a finger's height on a desktop too, where they stand alone. */
  size?: ButtonSize;
}) {
  const site = useSite();
  if (!digits) return null;
  const greeting = `Olá, ${name}! Aqui é da ${site.name}, sobre o seu pedido de orçamento.`;
  return (
    <p className="flex flex-wrap gap-2">
      <a href={`tel:+${digits}`} className={buttonClassName("secondary", size)}>
        <Icon name="phone" className="size-4" />
        Ligar<span className="sr-only"> para {name}</span>
      </a>
      <a
        href={whatsappUrl(digits, greeting)}
        target="_blank"
        rel="noopener"
        className={buttonClassName("secondary", size)}
      >
        <Icon name="whatsapp" className="size-4" />
        WhatsApp<span className="sr-only"> de {name}</span>
      </a>
    </p>
  );
}
