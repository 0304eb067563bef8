import { QUOTE_FORM_HREF } from "~/lib/quote";
import { Icon } from "./icon";
import { WhatsappLink } from "./whatsapp-link";

export interface CtaSectionProps {
  title: string;
  text: string;
  buttonLabel?: string;
  /** Show the WhatsApp button beside the quote button. */
  withChat?: boolean;
}

/** Closing call to action: a quote button and, optionally, the chat. */
export function CtaSection({
  title,
  text,
  buttonLabel = "Solicitar Orçamento",
  withChat = true,
}: CtaSectionProps) {
  return (
    <section className="bg-brand-800 text-white dark:bg-brand-900">
      <div className="container-page flex flex-col items-center gap-6 py-16 text-center">
        <h2 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">{title}</h2>
        <p className="max-w-2xl text-lg text-brand-100">{text}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={QUOTE_FORM_HREF} className="btn bg-accent-700 text-white hover:bg-accent-800">
            {buttonLabel}
            <Icon name="arrow-right" className="size-5" />
          </a>
          {withChat ? (
            <WhatsappLink className="btn border-2 border-white/70 text-white hover:bg-white hover:text-brand-900">
              <Icon name="whatsapp" className="size-5" />
              Conversar no WhatsApp
            </WhatsappLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
