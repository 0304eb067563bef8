import { Icon } from "~/components/ui/icon";
import { SectionHeading } from "~/components/ui/section-heading";
import type { TestimonialItem } from "~/lib/site-content";

/** The visible testimonials, as cards; nothing at all when every testimonial is hidden. */
export function TestimonialsSection({ testimonials }: { testimonials: TestimonialItem[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="depoimentos-titulo" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="container-page">
        <SectionHeading id="depoimentos-titulo" eyebrow="Depoimentos" title="O que dizem os síndicos" />
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            // Two testimonials may share an author's name.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once on the server
            <li key={index}>
              <figure className="flex h-full flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-950">
                <div className="flex gap-0.5 text-accent-500" role="img" aria-label="5 de 5 estrelas">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Icon key={n} name="star" className="size-4" />
                  ))}
                </div>
                <blockquote className="flex-1 text-slate-700 dark:text-slate-300">
                  “{testimonial.quote}”
                </blockquote>
                <figcaption className="text-sm">
                  <span className="block font-semibold text-slate-900 dark:text-white">
                    {testimonial.author}
                  </span>
                  <span className="text-slate-500 dark:text-slate-400">{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
