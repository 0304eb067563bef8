import { Icon } from "~/components/ui/icon";
import { WhatsappLink } from "~/components/ui/whatsapp-link";
import { QUOTE_FORM_HREF } from "~/lib/quote";
import { useSite } from "~/lib/site-context";

/** The closing section of /obras and of each work's page (fixed strings). */
export function WorksCallToAction() {
  const site = useSite();
  return (
    <section
      aria-labelledby="contato-obras-titulo"
      className="bg-brand-800 py-16 text-white dark:bg-brand-900"
    >
      <div className="container-page flex flex-col items-center gap-6 text-center">
        <h2 id="contato-obras-titulo" className="max-w-3xl text-3xl font-bold tracking-tight">
          Entre em contato para orçamentos e consultorias técnicas
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={QUOTE_FORM_HREF} className="btn bg-accent-700 text-white hover:bg-accent-800">
            Solicitar Orçamento
          </a>
          <WhatsappLink className="btn border-2 border-white/70 text-white hover:bg-white hover:text-brand-900">
            <Icon name="phone" className="size-5" />
            {site.phoneDisplay}
          </WhatsappLink>
        </div>
      </div>
    </section>
  );
}
