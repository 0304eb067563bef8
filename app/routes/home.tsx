import { preload } from "react-dom";
import { data } from "react-router";
import { HeroBadge } from "~/components/ui/badge";
import { ContentPictureView } from "~/components/ui/content-picture";
import { CtaSection } from "~/components/ui/cta-section";
import { Icon } from "~/components/ui/icon";
import { Picture } from "~/components/ui/picture";
import { SectionHeading } from "~/components/ui/section-heading";
import { WhatsappLink } from "~/components/ui/whatsapp-link";
import { homeHero } from "~/content/quality";
import { syndicQuote, team } from "~/content/team";
import { QUOTE_FORM_HREF } from "~/lib/quote";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { HomeServiceCard, ReasonItem, StatItem } from "~/lib/site-content";
import { useSite } from "~/lib/site-context";
import { mediaTags, renderTagsInit } from "~/server/render-cache/index.server";
import { pictureMediaHashes } from "~/server/services/index.server";
import { homeContent } from "~/server/site-content/index.server";
import type { Route } from "./+types/home";

export async function loader() {
  const content = await homeContent();
  // The render cache forgets the page when a library image it shows changes formats or goes.
  const pictures = content.services.map((service) => service.picture);
  return data(content, renderTagsInit(mediaTags(pictureMediaHashes(pictures))));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: `${site.name} | Manutenção predial e restauração de fachadas em Curitiba`,
    description: site.description,
    path: "/",
  });
};

function Hero() {
  const site = useSite();
  preload(site.heroPosterUrl, { as: "image", fetchPriority: "high" });
  return (
    <section className="relative isolate overflow-hidden bg-slate-900 text-white">
      {site.heroVideoUrl ? (
        <video
          className="absolute inset-0 -z-20 size-full object-cover"
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster={site.heroPosterUrl}
          aria-label="Vídeo ilustrativo de obras de manutenção predial"
        >
          <source src={site.heroVideoUrl} />
        </video>
      ) : (
        <img
          src={site.heroPosterUrl}
          alt="Ilustração de um edifício residencial com balancim na fachada e um pintor restaurando o revestimento"
          width={1600}
          height={900}
          fetchPriority="high"
          decoding="sync"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/90 via-slate-900/75 to-slate-900/20" />
      <div className="container-page flex min-h-[34rem] flex-col justify-center gap-6 py-20 sm:min-h-[38rem]">
        <HeroBadge>{homeHero.badge}</HeroBadge>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
          {homeHero.title}
        </h1>
        <p className="max-w-2xl text-lg text-slate-200 sm:text-xl">{homeHero.text}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href={QUOTE_FORM_HREF} className="btn bg-accent-700 text-lg text-white hover:bg-accent-800">
            Solicitar Orçamento Gratuito
            <Icon name="arrow-right" className="size-5" />
          </a>
          <a
            href="/servicos"
            className="btn border-2 border-white/70 text-lg text-white hover:bg-white hover:text-slate-900"
          >
            Conheça nossos serviços
          </a>
        </div>
      </div>
    </section>
  );
}

/** `sizes` of a home card's picture: one, two or four columns of an 80rem page. */
const CARD_PICTURE_SIZES =
  "(min-width: 80rem) 18rem, (min-width: 64rem) 23vw, (min-width: 40rem) 46vw, 100vw";

function Stats({ stats }: { stats: StatItem[] }) {
  return (
    <section
      aria-label="Números da empresa"
      className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <dl className="container-page grid grid-cols-2 gap-6 py-10 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{stat.label}</dt>
            <dd className="text-4xl font-extrabold text-brand-800 dark:text-brand-300">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Services({ services }: { services: HomeServiceCard[] }) {
  return (
    <section aria-labelledby="servicos-titulo" className="bg-slate-50 py-20 dark:bg-slate-950">
      <div className="container-page">
        <SectionHeading
          id="servicos-titulo"
          eyebrow="Nossos serviços"
          title="Soluções completas para o seu condomínio"
          text="Diagnóstico técnico, execução com equipe própria e garantia em cada serviço."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service) => (
            <li
              key={service.slug}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              {service.picture ? (
                <ContentPictureView
                  picture={service.picture}
                  sizes={CARD_PICTURE_SIZES}
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : null}
              <div className="flex flex-1 flex-col gap-3 p-6">
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-brand-200">
                  <Icon name={service.icon} className="size-6" />
                </span>
                <h3 className="text-lg font-bold text-slate-900 dark:text-white">{service.title}</h3>
                <p className="line-clamp-4 text-sm text-slate-600 dark:text-slate-400">{service.summary}</p>
                <a
                  href={`/servicos#${service.slug}`}
                  className="mt-auto inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-300"
                >
                  Saiba mais<span className="sr-only"> sobre {service.title}</span>
                  <Icon name="arrow-right" className="size-4" />
                </a>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <a
            href="/servicos"
            className="btn border-2 border-brand-800 text-brand-800 hover:bg-brand-800 hover:text-white dark:border-brand-300 dark:text-brand-200 dark:hover:bg-brand-300 dark:hover:text-slate-950"
          >
            Ver todos os serviços
          </a>
        </div>
      </div>
    </section>
  );
}

function Reasons({ reasons }: { reasons: ReasonItem[] }) {
  const site = useSite();
  return (
    <section aria-labelledby="motivos-titulo" className="py-20">
      <div className="container-page">
        <SectionHeading
          id="motivos-titulo"
          eyebrow="Por que nos escolher"
          title={`Seis motivos para confiar na ${site.shortName}`}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map((reason) => (
            <li
              key={reason.title}
              className="flex gap-4 rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-500/10 text-accent-700 dark:text-accent-400">
                <Icon name={reason.icon} className="size-6" />
              </span>
              <div>
                <h3 className="font-bold text-slate-900 dark:text-white">{reason.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{reason.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SyndicQuote() {
  return (
    <section aria-label="Nosso compromisso com os síndicos" className="bg-brand-50 py-16 dark:bg-slate-900">
      <figure className="container-page mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
        <Icon name="quote" className="size-10 text-accent-600 dark:text-accent-400" />
        <blockquote className="text-xl leading-relaxed font-medium text-slate-800 sm:text-2xl dark:text-slate-100">
          “{syndicQuote.quote}”
        </blockquote>
        <figcaption className="text-slate-600 dark:text-slate-400">
          <span className="font-semibold text-slate-900 dark:text-white">{syndicQuote.author}</span> ·{" "}
          {syndicQuote.role}
        </figcaption>
      </figure>
    </section>
  );
}

function Team() {
  return (
    <section aria-labelledby="equipe-titulo" className="py-20">
      <div className="container-page">
        <SectionHeading
          id="equipe-titulo"
          eyebrow="Nossa equipe"
          title="Engenharia com nome e sobrenome"
          text="Os sócios acompanham pessoalmente cada obra, da vistoria à entrega."
        />
        <ul className="grid gap-8 md:grid-cols-2">
          {team.map((member) => (
            <li
              key={member.name}
              className="flex flex-col gap-5 rounded-2xl border border-slate-200 p-6 sm:flex-row dark:border-slate-800"
            >
              <Picture
                image={member.portrait}
                className="size-32 shrink-0 rounded-full bg-slate-100 object-cover dark:bg-slate-800"
              />
              <div className="flex flex-col gap-2">
                <h3 className="text-xl font-bold text-slate-900 dark:text-white">{member.name}</h3>
                <p className="font-semibold text-brand-700 dark:text-brand-300">{member.role}</p>
                <p className="text-sm text-slate-500 dark:text-slate-400">{member.credentials}</p>
                <p className="text-slate-600 dark:text-slate-300">{member.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <Stats stats={loaderData.stats} />
      <Services services={loaderData.services} />
      <Reasons reasons={loaderData.reasons} />
      <SyndicQuote />
      <Team />
      <CtaSection
        title="Pronto para cuidar do seu condomínio?"
        text="Agende uma visita técnica gratuita. Avaliamos o edifício, explicamos as prioridades e enviamos um orçamento detalhado, sem compromisso."
      />
      <section aria-label="Outras formas de contato" className="py-12">
        <div className="container-page flex flex-col items-center justify-center gap-4 text-center sm:flex-row">
          <p className="text-lg text-slate-700 dark:text-slate-300">Prefere conversar agora?</p>
          <WhatsappLink className="btn bg-[#0b7a3e] text-white hover:bg-[#096634]">
            <Icon name="whatsapp" className="size-5" />
            Fale pelo WhatsApp
          </WhatsappLink>
          <a
            href="/obras"
            className="btn border-2 border-slate-300 text-slate-800 hover:border-brand-800 dark:border-slate-700 dark:text-slate-100"
          >
            Ver obras realizadas
          </a>
        </div>
      </section>
    </>
  );
}
