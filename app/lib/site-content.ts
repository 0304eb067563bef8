import type { IconName } from "./icon-names";

// The services, numbers, reasons and testimonials as the public pages show them (read from
// the database by server/site-content/). Pure shapes, for the server and the components.

/** A picture with its intrinsic size; `srcSet` when the library has it at several widths. */
export interface ContentPicture {
  src: string;
  srcSet?: string;
  alt: string;
  width: number;
  height: number;
}

/** A service as the footer lists it: its title, linking to its anchor on /servicos. */
export interface ServiceLink {
  slug: string;
  title: string;
}

/** A service card on the home page. */
export interface HomeServiceCard extends ServiceLink {
  icon: IconName;
  summary: string;
  picture: ContentPicture | null;
}

/** A service's section on /servicos. */
export interface ServiceSection extends ServiceLink {
  icon: IconName;
  details: string;
  features: string[];
  picture: ContentPicture | null;
}

/** One of the home page's numbers. */
export interface StatItem {
  value: string;
  label: string;
}

/** One of the home page's reasons. */
export interface ReasonItem {
  icon: IconName;
  title: string;
  description: string;
}

/** A visible testimonial. */
export interface TestimonialItem {
  author: string;
  role: string;
  quote: string;
}
