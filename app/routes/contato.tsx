import type { ReactNode } from "react";
import { data } from "react-router";
import { QuoteConfirmation } from "~/components/quote-confirmation";
import { QuoteForm } from "~/components/quote-form";
import { QuoteFormScript } from "~/components/quote-form-script";
import { QuoteToastRegion } from "~/components/quote-toast-region";
import { CallLink } from "~/components/ui/call-link";
import { ContactLink } from "~/components/ui/contact-link";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { WhatsappLink } from "~/components/ui/whatsapp-link";
import { benefits, specializedCare } from "~/content/benefits";
import type { IconName } from "~/content/types";
import { formatAddress } from "~/lib/company-settings";
import { attendanceDaysText, openingHoursLines } from "~/lib/opening-hours";
import { QUOTE_FORM_ANCHOR, REPLY_PROMISE } from "~/lib/quote";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { requestInfoContext } from "~/request-context";
import { submitQuote, visitorConfirmationText } from "~/server/leads/index.server";
import { RENDER_SLOTS_HEADER, slotPlaceholder } from "~/server/render-cache/index.server";
import { siteSettings } from "~/server/settings/index.server";
import type { Route } from "./+types/contato";

// The page ships no React on the client (docs/decisions/0002): the form is a plain HTML form
// that posts here, and a small inline script enhances it (docs/decisions/0006).

// The page is shared through the render cache; the token (when the form was served) and where
// the visitor came from (docs/decisions/0032) are filled into each response by the HTTP layer.
export function loader() {
  return data(
    { formToken: slotPlaceholder("form-token"), source: slotPlaceholder("lead-source") },
    { headers: { [RENDER_SLOTS_HEADER]: "form-token lead-source" } },
  );
}

/** The quote form's post: always a rendered page with the outcome, and the matching status. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await submitQuote(
    request,
    context.get(requestInfoContext),
    async () => (await siteSettings(context)).site,
    async () => visitorConfirmationText(await siteSettings(context)),
  );
  return data(result.data, { status: result.status, headers: result.headers });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Contato e orçamento gratuito",
    description: `Solicite um orçamento gratuito e sem compromisso para a manutenção do seu condomínio em Curitiba. ${REPLY_PROMISE}`,
    path: "/contato",
  });

function InfoCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-brand-200">
        <Icon name={icon} className="size-6" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-bold text-slate-900 dark:text-white">{title}</h2>
        {children}
      </div>
    </li>
  );
}

export default function Contato({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const attendance = attendanceDaysText(site.hours);
  const sent = actionData?.outcome === "sent";
  return (
    <>
      <PageHero badge="Orçamento gratuito e sem compromisso" title="Entre em Contato">
        <p className="max-w-3xl text-lg text-brand-100">
          Conte o que o seu condomínio precisa. Agendamos uma visita técnica, avaliamos o edifício e enviamos
          um orçamento detalhado.
        </p>
      </PageHero>

      <div className="container-page py-14">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <InfoCard icon="phone" title="Telefone">
            <WhatsappLink className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
              {site.phoneDisplay}
            </WhatsappLink>
            {attendance ? <p className="text-sm text-slate-600 dark:text-slate-400">{attendance}</p> : null}
            <CallLink className="mt-1 inline-flex min-h-11 w-fit items-center gap-2 rounded-lg border-2 border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-700 hover:text-white dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-300 dark:hover:text-slate-950" />
          </InfoCard>
          <InfoCard icon="mail" title="E-mail">
            <ContactLink
              kind="email"
              className="font-semibold [overflow-wrap:anywhere] text-brand-700 hover:underline dark:text-brand-300"
            >
              {site.email}
            </ContactLink>
            <p className="text-sm text-slate-600 dark:text-slate-400">Resposta em até 24 horas</p>
          </InfoCard>
          <InfoCard icon="map-pin" title="Endereço">
            <address className="text-sm text-slate-700 not-italic dark:text-slate-300">
              {formatAddress(site)}
            </address>
          </InfoCard>
          <InfoCard icon="clock" title="Horário de Atendimento">
            {openingHoursLines(site.hours).map((line) => (
              <p key={line} className="text-sm text-slate-700 dark:text-slate-300">
                {line}
              </p>
            ))}
          </InfoCard>
        </ul>

        <div className="mt-12 grid gap-10 lg:grid-cols-3">
          <section
            id={QUOTE_FORM_ANCHOR}
            aria-labelledby="form-titulo"
            className="scroll-mt-32 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="form-titulo" className="text-2xl font-bold text-slate-900 dark:text-white">
              Solicitar Orçamento
            </h2>
            <p className="mt-2 mb-6 text-slate-600 dark:text-slate-400">
              Preencha o formulário abaixo e entraremos em contato para agendar uma visita técnica.
            </p>
            {/* Sent: the confirmation takes the focus; otherwise the first invalid field, or the toast. */}
            <QuoteToastRegion
              toast={actionData?.toast}
              focus={!sent && Object.keys(actionData?.fieldErrors ?? {}).length === 0}
            />
            <QuoteConfirmation confirmation={sent ? actionData?.confirmation : undefined} />
            <QuoteForm
              formToken={actionData?.formToken || loaderData.formToken}
              source={actionData ? actionData.source : loaderData.source}
              values={sent ? {} : actionData?.values}
              fieldErrors={actionData?.fieldErrors}
            />
            <QuoteFormScript />
          </section>

          <aside className="flex flex-col gap-6">
            <section
              aria-labelledby="beneficios-titulo"
              className="rounded-2xl bg-brand-800 p-6 text-white dark:bg-brand-900"
            >
              <h2 id="beneficios-titulo" className="mb-4 text-xl font-bold">
                Por que escolher a {site.name}?
              </h2>
              <ul className="flex flex-col gap-3">
                {benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-accent-400" />
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section
              aria-labelledby="atendimento-titulo"
              className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
            >
              <span className="mb-3 flex size-11 items-center justify-center rounded-lg bg-accent-500/10 text-accent-700 dark:text-accent-400">
                <Icon name="headset" className="size-6" />
              </span>
              <h2 id="atendimento-titulo" className="mb-2 text-lg font-bold text-slate-900 dark:text-white">
                {specializedCare.title}
              </h2>
              <p className="text-slate-600 dark:text-slate-300">{specializedCare.text}</p>
            </section>
          </aside>
        </div>
      </div>

      <section aria-labelledby="urgente-titulo" className="bg-slate-50 py-14 dark:bg-slate-900">
        <div className="container-page flex flex-col items-center gap-5 text-center">
          <h2 id="urgente-titulo" className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            Precisa de atendimento urgente?
          </h2>
          <p className="max-w-2xl text-slate-600 dark:text-slate-300">
            Infiltrações, desplacamento de revestimento ou risco à segurança não podem esperar. Fale direto
            com a nossa equipe.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <WhatsappLink className="btn bg-[#0b7a3e] text-white hover:bg-[#096634]">
              <Icon name="whatsapp" className="size-5" />
              {site.phoneDisplay}
            </WhatsappLink>
            <CallLink className="btn border-2 border-brand-800 text-brand-800 hover:bg-brand-800 hover:text-white dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-300 dark:hover:text-slate-950" />
            <ContactLink
              kind="email"
              className="btn border-2 border-brand-800 text-brand-800 hover:bg-brand-800 hover:text-white dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-300 dark:hover:text-slate-950"
            >
              <Icon name="mail" className="size-5" />
              Enviar e-mail
            </ContactLink>
          </div>
        </div>
      </section>
    </>
  );
}
