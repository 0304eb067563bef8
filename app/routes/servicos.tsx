import { data } from "react-router";
import { ContentPictureView } from "~/components/ui/content-picture";
import { CtaSection } from "~/components/ui/cta-section";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { qualityCommitment, servicesHero } from "~/content/quality";
import { technicalInspection } from "~/content/services";
import { QUOTE_FORM_HREF } from "~/lib/quote";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { mediaTags, renderTagsInit } from "~/server/render-cache/index.server";
import { listServiceSections, pictureMediaHashes } from "~/server/services/index.server";
import type { Route } from "./+types/servicos";

export async function loader() {
  const services = await listServiceSections();
  // The render cache forgets the page when a library image it shows changes formats or goes.
  const pictures = services.map((service) => service.picture);
  return data({ services }, renderTagsInit(mediaTags(pictureMediaHashes(pictures))));
}

/** `sizes` of a service's picture: half of an 80rem page from lg up. */
const SECTION_PICTURE_SIZES = "(min-width: 80rem) 38rem, (min-width: 64rem) 46vw, 100vw";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Serviços de manutenção predial",
    description:
      "Pintura de áreas comuns, restauração e lavagem de fachadas, impermeabilização, rejuntamento, tratamento de ferragens e pisos para condomínios em Curitiba.",
    path: "/servicos",
  });

export default function Servicos({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  return (
    <>
      <PageHero badge={servicesHero.badge} title={servicesHero.title}>
        <p className="max-w-3xl text-lg text-brand-100">{servicesHero.text}</p>
        <nav aria-label="Serviços nesta página">
          <ul className="flex flex-wrap gap-2">
            {services.map((service) => (
              <li key={service.slug}>
                <a
                  href={`#${service.slug}`}
                  className="inline-block rounded-full bg-white/10 px-3 py-1.5 text-sm text-white hover:bg-white/20"
                >
                  {service.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      <div className="container-page flex flex-col gap-20 py-20">
        {services.map((service, index) => (
          <section
            key={service.slug}
            aria-labelledby={service.slug}
            className="grid items-center gap-10 lg:grid-cols-2"
          >
            {service.picture ? (
              <div className={index % 2 === 1 ? "lg:order-2" : undefined}>
                <ContentPictureView
                  picture={service.picture}
                  priority={index === 0}
                  sizes={SECTION_PICTURE_SIZES}
                  className="aspect-[4/3] w-full rounded-2xl object-cover shadow-md"
                />
              </div>
            ) : null}
            <div className="flex flex-col gap-4">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-brand-200">
                <Icon name={service.icon} className="size-6" />
              </span>
              <h2
                id={service.slug}
                className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
              >
                {service.title}
              </h2>
              <p className="text-lg text-slate-600 dark:text-slate-300">{service.details}</p>
              <ul className="grid gap-2 sm:grid-cols-2">
                {service.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-700 dark:text-slate-300">
                    <Icon
                      name="check"
                      className="mt-0.5 size-5 shrink-0 text-accent-600 dark:text-accent-400"
                    />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>

      <section aria-labelledby="qualidade-titulo" className="bg-slate-50 py-20 dark:bg-slate-900">
        <div className="container-page grid gap-10 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <h2
              id="qualidade-titulo"
              className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
            >
              {qualityCommitment.title}
            </h2>
            <p className="text-lg text-slate-600 dark:text-slate-300">{qualityCommitment.text}</p>
            <p className="text-slate-600 dark:text-slate-300">
              <strong className="text-slate-900 dark:text-white">{technicalInspection.title}:</strong>{" "}
              {technicalInspection.description}
            </p>
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <a href={QUOTE_FORM_HREF} className="btn bg-accent-700 text-white hover:bg-accent-800">
                Solicitar Orçamento
              </a>
              <a
                href="/obras"
                className="btn border-2 border-brand-800 text-brand-800 hover:bg-brand-800 hover:text-white dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-300 dark:hover:text-slate-950"
              >
                Ver Obras Realizadas
              </a>
            </div>
          </div>
          <ul className="grid gap-4">
            {qualityCommitment.points.map((point) => (
              <li
                key={point}
                className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-950"
              >
                <Icon name="shield-check" className="size-6 shrink-0 text-brand-700 dark:text-brand-300" />
                <span className="text-slate-700 dark:text-slate-300">{point}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaSection
        title="Seu condomínio precisa de algum destes serviços?"
        text="Fazemos a vistoria técnica sem custo e enviamos um orçamento detalhado, com escopo, prazos e garantia."
      />
    </>
  );
}
