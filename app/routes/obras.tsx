import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content";
import { TestimonialsSection } from "~/components/testimonials-section";
import { ContentPictureView } from "~/components/ui/content-picture";
import { DisclosureStateScript } from "~/components/ui/disclosure-state-script";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { SectionHeading } from "~/components/ui/section-heading";
import { WHOLE_PHOTO_CLASS } from "~/components/works/whole-photo-class";
import { WorksCallToAction } from "~/components/works/works-call-to-action";
import { WorksPagination } from "~/components/works/works-pagination";
import { worksIntro } from "~/content/quality";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { paragraphs, parseWorksPage, type WorkListItem, workHref, worksListHref } from "~/lib/works";
import { mediaTags, RENDER_TAGS_HEADER } from "~/server/render-cache/index.server";
import { listVisibleTestimonials } from "~/server/site-content/index.server";
import { listPublishedWorks, mediaHashesOf } from "~/server/works/index.server";
import type { Route } from "./+types/obras";

/** How wide a photo of the accordion's grid is drawn (1, 2 or 3 columns; see the classes below). */
const ACCORDION_PHOTO_SIZES =
  "(min-width: 1024px) 291px, (min-width: 640px) calc(50vw - 58px), calc(100vw - 72px)";

export async function loader({ request }: Route.LoaderArgs) {
  const page = parseWorksPage(new URL(request.url).searchParams);
  const [works, testimonials] = await Promise.all([listPublishedWorks(page), listVisibleTestimonials()]);
  // A page past the last one does not exist (the first one always does, even empty).
  if (!works) return data({ works: null, testimonials, path: worksListHref(page) }, { status: 404 });
  // The render cache forgets this page when a library image it shows changes (the works and
  // the testimonials are named by the page's address, cache-policy.server.ts).
  const hashes = mediaHashesOf(works.works.flatMap((work) => work.photos.map((photo) => photo.picture)));
  return data(
    { works, testimonials, path: worksListHref(page) },
    hashes.length ? { headers: { [RENDER_TAGS_HEADER]: mediaTags(hashes).join(" ") } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData?.works) {
    return pageMeta(site, {
      title: "Página não encontrada",
      description: "A página procurada não existe.",
      path: loaderData?.path ?? "/obras",
      noindex: true,
    });
  }
  const page = loaderData.works.page;
  return pageMeta(site, {
    title: page > 1 ? `Obras realizadas – página ${page}` : "Obras realizadas",
    description: `Portfólio de obras entregues pela ${site.name} em condomínios de Curitiba: restauração de fachadas, impermeabilização, tratamento de ferragens e pintura.`,
    path: worksListHref(page),
  });
};

// After a client-side navigation the inline script has not run; React keeps the state then.
function syncExpanded(event: React.SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  details.querySelector(":scope > summary")?.setAttribute("aria-expanded", String(details.open));
}

// A native <details> per project: several can be open at once, it works without JavaScript,
// and the browser exposes the expanded state to keyboards and screen readers.
function WorkItem({ work }: { work: WorkListItem }) {
  return (
    <li>
      <details
        data-disclosure
        onToggle={syncExpanded}
        className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:shadow-md dark:border-slate-800 dark:bg-slate-900"
      >
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: ARIA in HTML allows the button role's attributes on summary */}
        <summary
          aria-expanded="false"
          className="flex cursor-pointer items-center gap-4 rounded-2xl p-5 hover:bg-slate-50 sm:p-6 dark:hover:bg-slate-800/60"
        >
          <span className="flex flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-bold text-slate-900 dark:text-white">{work.title}</span>
              {work.inProgress ? (
                <span className="rounded-full bg-accent-500/15 px-2.5 py-0.5 text-xs font-semibold text-accent-800 dark:text-accent-400">
                  Em execução
                </span>
              ) : null}
            </span>
            <span className="text-sm text-slate-500 dark:text-slate-400">
              Clique para ver detalhes dos serviços realizados
            </span>
          </span>
          <Icon
            name="chevron-down"
            className="size-6 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180 dark:text-brand-300"
          />
        </summary>
        <div className="flex flex-col gap-6 border-t border-slate-200 p-5 sm:p-6 dark:border-slate-800">
          <div>
            <h3 className="mb-2 font-semibold text-slate-900 dark:text-white">Serviços realizados:</h3>
            {work.services.length > 0 ? (
              <ul className="mb-3 list-disc pl-5 text-slate-600 marker:text-brand-700 dark:text-slate-300 dark:marker:text-brand-300">
                {work.services.map((service) => (
                  <li key={service}>{service}</li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-col gap-3 text-slate-600 dark:text-slate-300">
              {paragraphs(work.description).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          {work.photos.length > 0 ? (
            <div>
              <h3 className="mb-4 font-semibold text-slate-900 dark:text-white">Documentação Fotográfica</h3>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {work.photos.map((photo, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: photos have no id here and never move
                  <li key={index}>
                    <figure className="flex flex-col gap-2">
                      <ContentPictureView
                        picture={photo.picture}
                        sizes={ACCORDION_PHOTO_SIZES}
                        className={WHOLE_PHOTO_CLASS}
                      />
                      <figcaption className="text-sm font-medium text-slate-700 dark:text-slate-300">
                        {photo.title}
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>
            <a
              href={workHref(work.slug)}
              className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              Ver página da obra
              <span className="sr-only">: {work.title}</span>
              <Icon name="arrow-right" className="size-4" />
            </a>
          </p>
        </div>
      </details>
    </li>
  );
}

export default function Obras({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (!loaderData.works) return <NotFoundContent path={loaderData.path} />;
  const { works } = loaderData;
  return (
    <>
      <PageHero badge="Portfólio completo de projetos entregues" title={`Obras realizadas pela ${site.name}`}>
        <p className="text-xl font-semibold text-accent-400">
          Transformando estruturas, valorizando patrimônios.
        </p>
        <p className="max-w-3xl text-lg text-brand-100">{worksIntro}</p>
      </PageHero>

      <section aria-labelledby="projetos-titulo" className="py-16">
        <div className="container-page max-w-5xl">
          <SectionHeading id="projetos-titulo" title="Projetos entregues" align="left" />
          <ul className="flex flex-col gap-4">
            {works.works.map((work) => (
              <WorkItem key={work.slug} work={work} />
            ))}
          </ul>
          <WorksPagination page={works.page} pageCount={works.pageCount} />
          <DisclosureStateScript />
        </div>
      </section>

      <TestimonialsSection testimonials={loaderData.testimonials} />

      <WorksCallToAction />
    </>
  );
}
