import type { IconName } from "../lib/icon-names.ts";

// Shapes of the static marketing content. Pages render these; copy lives in the sibling files
// so the company can change words and pictures without touching components.

/** A picture shipped with the site (SVG artwork today, photographs later). */
export interface Illustration {
  /** Path under /public, e.g. "/illustrations/servico-pintura.svg". */
  src: string;
  /** Alternative text in pt-BR describing what the picture shows. */
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the file arrives. */
  width: number;
  height: number;
}

/** Name of an icon drawn by components/ui/icon.tsx (the list is in lib/icon-names.ts). */
export type { IconName };

export interface Service {
  /** Stable id, used as the anchor on /servicos (e.g. "impermeabilizacao"). */
  id: string;
  icon: IconName;
  title: string;
  description: string;
  features: string[];
  image: Illustration;
}

export interface Statistic {
  /** Shown big, e.g. "200+", "10+", "100%", "24/7". */
  number: string;
  label: string;
}

export interface Reason {
  icon: IconName;
  title: string;
  description: string;
}

export interface TeamMember {
  name: string;
  role: string;
  /** Credentials line, e.g. "Engenheiro Civil · CREA-PR 12345/D". */
  credentials: string;
  bio: string;
  portrait: Illustration;
}

export interface ProjectImage {
  title: string;
  before: Illustration;
  after: Illustration;
}

export interface Project {
  /** Slug, unique. */
  id: string;
  title: string;
  /** Free text listing the services carried out. */
  services: string;
  hasImages: boolean;
  images: ProjectImage[];
  status?: "in-progress";
}

export interface Testimonial {
  quote: string;
  author: string;
  role: string;
}
