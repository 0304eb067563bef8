import { TestimonialsSection } from "~/components/testimonials-section";
import { DisclosureStateScript } from "~/components/ui/disclosure-state-script";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { Picture } from "~/components/ui/picture";
import { SectionHeading } from "~/components/ui/section-heading";
import { WhatsappLink } from "~/components/ui/whatsapp-link";
import { projects } from "~/content/projects";
import { worksIntro } from "~/content/quality";
import type { Project } from "~/content/types";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { listVisibleTestimonials } from "~/server/site-content/public-site-content.server";
import type { Route } from "./+types/obras";

export async function loader() {
  return { testimonials: await listVisibleTestimonials() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: "Obras realizadas",
    description: `Portfólio de obras entregues pela ${site.name} em condomínios de Curitiba: restauração de fachadas, impermeabilização, tratamento de ferragens e pintura.`,
    path: "/obras",
  });
};

// After a client-side navigation the inline script has not run; React keeps the state then.
function syncExpanded(event: React.SyntheticEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  details.querySelector(":scope > summary")?.setAttribute("aria-expanded", String(details.open));
}

// A native <details> per project: several can be open at once, it works without JavaScript,
// and the browser exposes the expanded state to keyboards and screen readers.
function ProjectItem({ project }: { project: Project }) {
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
              <span className="text-lg font-bold text-slate-900 dark:text-white">{project.title}</span>
              {project.status === "in-progress" ? (
                <span className="rounded-full bg-accent-500/15 px-2.5 py-0.5 text-xs font-semibold text-accent-700 dark:text-accent-400">
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
            <p className="text-slate-600 dark:text-slate-300">{project.services}</p>
          </div>
          {project.hasImages && project.images.length > 0 ? (
            <div>
              <h3 className="mb-4 font-semibold text-slate-900 dark:text-white">Documentação Fotográfica</h3>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {project.images.map((image) => (
                  <li key={image.title}>
                    <figure className="flex flex-col gap-2">
                      <Picture image={image.after} className="aspect-[4/3] w-full rounded-xl object-cover" />
                      <figcaption className="text-sm font-medium text-slate-700 dark:text-slate-300">
                        {image.title}
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </div>
          ) : project.hasImages ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Imagens disponíveis</p>
          ) : null}
        </div>
      </details>
    </li>
  );
}

export default function Obras({ loaderData }: Route.ComponentProps) {
  const site = useSite();
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
            {projects.map((project) => (
              <ProjectItem key={project.id} project={project} />
            ))}
          </ul>
          <DisclosureStateScript />
        </div>
      </section>

      <TestimonialsSection testimonials={loaderData.testimonials} />

      <section
        aria-labelledby="contato-obras-titulo"
        className="bg-brand-800 py-16 text-white dark:bg-brand-900"
      >
        <div className="container-page flex flex-col items-center gap-6 text-center">
          <h2 id="contato-obras-titulo" className="max-w-3xl text-3xl font-bold tracking-tight">
            Entre em contato para orçamentos e consultorias técnicas
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href="/contato" className="btn bg-accent-700 text-white hover:bg-accent-800">
              Solicitar Orçamento
            </a>
            <WhatsappLink className="btn border-2 border-white/70 text-white hover:bg-white hover:text-brand-900">
              <Icon name="phone" className="size-5" />
              {site.phoneDisplay}
            </WhatsappLink>
          </div>
        </div>
      </section>
    </>
  );
}
