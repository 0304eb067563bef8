import { CallLink } from "~/components/ui/call-link";
import { ContactLink } from "~/components/ui/contact-link";
import { Icon } from "~/components/ui/icon";
import { aboutText } from "~/content/quality";
import { formatAddress, type SiteConfig, socialNetworkNames, socialNetworks } from "~/lib/company-settings";
import { openingHoursLines } from "~/lib/opening-hours";
import { QUOTE_FORM_HREF, REPLY_PROMISE } from "~/lib/quote";
import type { ServiceLink } from "~/lib/site-content";
import { SiteContext, useSite } from "~/lib/site-context";
import { Logo } from "./logo";

/**
 * The public footer: the same on every page, a shared part rendered once per set of company
 * facts and services (the list keeps its identity while the services stay the same).
 */
export function Footer({ services }: { services: ServiceLink[] }) {
  const site = useSite();
  return (
    <footer className="bg-slate-900 text-slate-300 dark:bg-slate-950 dark:border-t dark:border-slate-800">
      <FooterContents site={site} services={services} />
    </footer>
  );
}

/** The company's social profiles, when it has any. */
function SocialLinks({ site }: { site: SiteConfig }) {
  const profiles = socialNetworks.filter((network) => site.social[network]);
  if (!profiles.length) return null;
  return (
    <ul aria-label="Redes sociais" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {profiles.map((network) => (
        <li key={network}>
          <a
            href={site.social[network]}
            target="_blank"
            rel="noopener"
            className="underline hover:text-accent-400"
          >
            {socialNetworkNames[network]}
          </a>
        </li>
      ))}
    </ul>
  );
}

function FooterContents({ site, services }: { site: SiteConfig; services: ServiceLink[] }) {
  return (
    // The logo reads the company facts from the context, also when rendered on its own.
    <SiteContext value={site}>
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4">
          <a href="/" className="w-fit rounded-md">
            <Logo inverted />
            <span className="sr-only"> – página inicial</span>
          </a>
          <p className="text-sm leading-relaxed text-slate-400">{aboutText}</p>
        </div>

        <nav aria-labelledby="footer-servicos">
          <h2 id="footer-servicos" className="mb-4 font-semibold text-white">
            Serviços
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {services.map((service) => (
              <li key={service.slug}>
                <a href={`/servicos#${service.slug}`} className="hover:text-accent-400">
                  {service.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-4 font-semibold text-white">Contato</h2>
          <ul className="flex flex-col gap-3 text-sm">
            <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <ContactLink kind="whatsapp" className="flex items-start gap-2 hover:text-accent-400">
                <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
                {site.phoneDisplay}
              </ContactLink>
              <CallLink className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-semibold text-white underline underline-offset-4 hover:text-accent-400" />
            </li>
            <li>
              <ContactLink kind="email" className="flex items-start gap-2 break-all hover:text-accent-400">
                <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
                {site.email}
              </ContactLink>
            </li>
            <li className="flex items-start gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
              <address className="not-italic">{formatAddress(site)}</address>
            </li>
            <li className="flex items-start gap-2">
              <Icon name="clock" className="mt-0.5 size-4 shrink-0" />
              <span>
                {openingHoursLines(site.hours).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </li>
          </ul>
          <SocialLinks site={site} />
        </div>

        <div className="flex flex-col gap-4">
          <h2 className="font-semibold text-white">Orçamento gratuito</h2>
          <p className="text-sm text-slate-400">Agende uma visita técnica sem compromisso. {REPLY_PROMISE}</p>
          <a href={QUOTE_FORM_HREF} className="btn w-fit bg-accent-700 text-white hover:bg-accent-800">
            Solicitar Orçamento
          </a>
        </div>
      </div>

      <div className="border-t border-slate-800">
        <div className="container-page flex flex-col items-center justify-between gap-3 py-5 text-xs text-slate-400 sm:flex-row">
          <p>
            © {site.copyrightYear} {site.legalName} Todos os direitos reservados.
          </p>
          <a href="/politica-de-privacidade" className="underline hover:text-slate-200">
            Política de Privacidade
          </a>
          <a
            href="/auth"
            aria-label="Área administrativa"
            className="rounded p-1 text-slate-500 hover:text-slate-300"
          >
            <Icon name="lock" className="size-4" />
          </a>
        </div>
      </div>
    </SiteContext>
  );
}
