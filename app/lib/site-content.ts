import type { Illustration } from "~/content/types";
import type { IconName } from "./icon-names";
import type { MediaView } from "./media-url";

// The services, numbers, reasons and testimonials as the public pages show them (read from
// the database by server/site-content/). Pure shapes, for the server and the components.

/**
 * A picture of the site's content: an image of the media library (drawn responsive, AVIF where
 * it exists, with the content's own alt text) or a file shipped with the site (the demo
 * content's illustrations).
 */
export type ContentPicture = { kind: "media"; image: MediaView } | { kind: "file"; file: Illustration };

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
