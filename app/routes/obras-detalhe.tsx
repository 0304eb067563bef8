import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";
import { ContentPictureView } from "~/components/ui/content-picture";
import { DisclosureStateScript } from "~/components/ui/disclosure-state-script";
import { Icon } from "~/components/ui/icon";
import { WHOLE_PHOTO_CLASS } from "~/components/works/whole-photo-class";
import { WorksCallToAction } from "~/components/works/works-call-to-action";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { isSlug } from "~/lib/slug";
import { jsonLdScript } from "~/lib/structured-data";
import { workDescription, workJsonLd, workShareImage } from "~/lib/work-seo";
import { paragraphs, type WorkDetail, type WorkPhoto, workHref, workLocation } from "~/lib/works";
import { requestInfoContext } from "~/request-context";
import { logEvent } from "~/server/platform/log.server";
import { mediaTags, RENDER_TAGS_HEADER } from "~/server/render-cache/index.server";
import { getPublishedWork, mediaHashesOf } from "~/server/works/index.server";
import type { Route } from "./+types/obras-detalhe";

// How wide each picture is drawn, matching the classes below (container-page max-w-5xl: 960 px
// of content from 1024 px, 1.5 rem of padding from 640 px, 1 rem below).
const COVER_SIZES = "(min-width: 1024px) 960px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";
/** Gallery: 2 columns (gap 1 rem) on phones, 3 from 1024 px (gap 1.5 rem). */
const PHOTO_SIZES = "(min-width: 1024px) 304px, (min-width: 640px) calc(50vw - 32px), calc(50vw - 24px)";
/** A before/after pair: two pictures side by side (gap 1 rem) at every width. */
const PAIR_SIZES = "(min-width: 1024px) 472px, (min-width: 640px) calc(50vw - 32px), calc(50vw - 24px)";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // A value that cannot be an address (e.g. a NUL byte, which PostgreSQL refuses) is not looked up.
  const work = isSlug(params.slug) ? await getPublishedWork(params.slug) : null;
  if (!work) {
    // Unknown and unpublished works: the site's 404 page, with its status.
    const { pathname } = new URL(request.url);
    logEvent("warn", "404 Not Found", {
      path: pathname,
      requestId: context.get(requestInfoContext).requestId,
    });
    return data({ work: null, path: pathname }, { status: 404 });
  }
  // The render cache forgets this page when the work changes (its tag comes from the address,
  // cache-policy.server.ts) or a library image it shows gets another alt text.
  const hashes = mediaHashesOf([
    work.cover,
    ...work.photos.map((photo) => photo.picture),
    ...work.pairs.flatMap((pair) => [pair.before, pair.after]),
  ]);
  return data(
    { work, path: workHref(work.slug) },
    hashes.length ? { headers: { [RENDER_TAGS_HEADER]: mediaTags(hashes).join(" ") } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const work = loaderData?.work;
  if (!work) {
    return pageMeta(site, {
      title: "Página não encontrada",
      description: "A página procurada não existe.",
      path: loaderData?.path ?? "/obras",
      noindex: true,
    });
  }
  return pageMeta(site, {
    title: work.title,
    description: workDescription(site, work),
    path: workHref(work.slug),
    type: "article",
    image: workShareImage(work),
  });
};

function WorkJsonLd({ work }: { work: WorkDetail }) {
  const site = useSite();
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON-LD data block
      dangerouslySetInnerHTML={{ __html: jsonLdScript(workJsonLd(site, work)) }}
    />
  );
}

function WorkFacts({ work }: { work: WorkDetail }) {
  const location = workLocation(work);
  const facts = [
    { label: "Local", value: location, icon: "map-pin" as const },
    { label: "Período", value: work.period, icon: "calendar" as const },
    { label: "Tipo de edificação", value: work.buildingType, icon: "building" as const },
  ].filter((fact) => fact.value);
  if (facts.length === 0) return null;
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-3 text-slate-700 dark:text-slate-300">
      {facts.map((fact) => (
        <div key={fact.label} className="flex items-center gap-2">
          <Icon name={fact.icon} className="size-5 text-brand-700 dark:text-brand-300" />
          <dt className="font-semibold">{fact.label}:</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Photos shown at once; the others open under "Ver mais N fotos". */
const PHOTOS_SHOWN = 4;

function PhotoGrid({ photos }: { photos: WorkPhoto[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3 lg:gap-6">
      {photos.map((photo, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the gallery's order is its identity here
        <li key={index}>
          <figure className="flex flex-col gap-2">
            <ContentPictureView picture={photo.picture} sizes={PHOTO_SIZES} className={WHOLE_PHOTO_CLASS} />
            {photo.title ? (
              <figcaption className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {photo.title}
              </figcaption>
            ) : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}

function WorkPage({ work }: { work: WorkDetail }) {
  return (
    <>
      <WorkJsonLd work={work} />
      <article className="container-page max-w-5xl py-10 sm:py-14">
        <nav aria-label="Trilha de navegação" className="mb-6 text-sm">
          <ol className="flex flex-wrap items-center gap-2 text-slate-600 dark:text-slate-400">
            <li>
              <a href="/" className="hover:underline">
                Início
              </a>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <a href="/obras" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                Obras Realizadas
              </a>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="text-slate-900 dark:text-white">
              {work.title}
            </li>
          </ol>
        </nav>
        <header className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
              {work.title}
            </h1>
            {work.inProgress ? (
              <span className="rounded-full bg-accent-500/15 px-2.5 py-0.5 text-sm font-semibold text-accent-800 dark:text-accent-400">
                Em execução
              </span>
            ) : null}
          </div>
          <WorkFacts work={work} />
        </header>
        {work.cover ? (
          <ContentPictureView
            picture={work.cover}
            sizes={COVER_SIZES}
            priority
            className="mt-8 aspect-[4/3] w-full rounded-2xl object-cover sm:aspect-[16/9]"
          />
        ) : null}

        <section aria-labelledby="servicos-obra-titulo" className="mt-10 flex flex-col gap-4">
          <h2 id="servicos-obra-titulo" className="text-2xl font-bold text-slate-900 dark:text-white">
            Serviços realizados
          </h2>
          {work.services.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {work.services.map((service) => (
                <li
                  key={service}
                  className="flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
                >
                  <Icon name="check" className="size-4" />
                  {service}
                </li>
              ))}
            </ul>
          ) : null}
          {paragraphs(work.description).map((paragraph) => (
            <p key={paragraph} className="text-lg text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
        </section>

        {work.photos.length > 0 ? (
          <section aria-labelledby="fotos-obra-titulo" className="mt-12">
            <h2 id="fotos-obra-titulo" className="mb-6 text-2xl font-bold text-slate-900 dark:text-white">
              Documentação Fotográfica
            </h2>
            <PhotoGrid photos={work.photos.slice(0, PHOTOS_SHOWN)} />
            {work.photos.length > PHOTOS_SHOWN ? (
              // The other photos wait behind a native disclosure: a browser loads lazy images
              // well before they scroll into view, and a phone would otherwise download the
              // whole gallery with the page (docs/decisions/0024-works-portfolio.md).
              <details data-disclosure className="group mt-6">
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: ARIA in HTML allows the button role's attributes on summary */}
                <summary
                  aria-expanded="false"
                  className="btn w-fit cursor-pointer border-2 border-brand-700 text-brand-800 hover:bg-brand-50 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-slate-800"
                >
                  Ver mais {work.photos.length - PHOTOS_SHOWN}{" "}
                  {work.photos.length - PHOTOS_SHOWN === 1 ? "foto" : "fotos"}
                  <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180" />
                </summary>
                <div className="mt-6">
                  <PhotoGrid photos={work.photos.slice(PHOTOS_SHOWN)} />
                </div>
              </details>
            ) : null}
            <DisclosureStateScript />
          </section>
        ) : null}

        {work.pairs.length > 0 ? (
          <section aria-labelledby="antes-depois-titulo" className="mt-12">
            <h2 id="antes-depois-titulo" className="mb-6 text-2xl font-bold text-slate-900 dark:text-white">
              Antes e depois
            </h2>
            <ul className="flex flex-col gap-10">
              {work.pairs.map((pair, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pairs' order is their identity here
                <li key={index} className="flex flex-col gap-3">
                  {pair.title ? (
                    <h3 className="font-semibold text-slate-900 dark:text-white">{pair.title}</h3>
                  ) : null}
                  {/* Side by side, no script: each picture under its own caption. */}
                  <div className="grid grid-cols-2 gap-4">
                    {(
                      [
                        ["Antes", pair.before],
                        ["Depois", pair.after],
                      ] as const
                    ).map(([label, picture]) => (
                      <figure key={label} className="flex flex-col gap-2">
                        <ContentPictureView
                          picture={picture}
                          sizes={PAIR_SIZES}
                          className={WHOLE_PHOTO_CLASS}
                        />
                        <figcaption className="text-sm font-semibold text-slate-700 dark:text-slate-300">
                          {label}
                        </figcaption>
                      </figure>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p className="mt-12">
          <a
            href="/obras"
            className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline dark:text-brand-300"
          >
            <Icon name="arrow-left" className="size-4" />
            Ver todas as obras
          </a>
        </p>
      </article>
      <WorksCallToAction />
    </>
  );
}

export default function WorkDetailPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.work) return <NotFoundContent path={loaderData.path} />;
  return <WorkPage work={loaderData.work} />;
}
