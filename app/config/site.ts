// The company's facts, in one place. Components read them through useSite(); nothing else
// may spell out the name, phone, e-mail or address. Deployments override them with SITE_*
// environment variables (see app/config/site-env.server.ts), so an agency can run the same
// build for another company.

export interface OpeningHours {
  /** Human text, e.g. "Segunda a sexta: 8h às 18h". */
  label: string;
  /** schema.org days, e.g. ["Monday", ..., "Friday"]. */
  days: string[];
  opens: string;
  closes: string;
}

export interface SiteConfig {
  name: string;
  shortName: string;
  legalName: string;
  /** CNPJ shown in the footer and privacy policy. */
  cnpj: string;
  tagline: string;
  description: string;
  /** E.164 digits without "+", used in tel: links, e.g. "5541998765432". */
  phoneDigits: string;
  phoneDisplay: string;
  /** Digits for https://wa.me/<digits>. */
  whatsappDigits: string;
  whatsappMessage: string;
  email: string;
  address: {
    street: string;
    district: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  hours: OpeningHours[];
  /** Founding year, for the "10+ anos" claims and JSON-LD. */
  foundingYear: number;
  copyrightYear: number;
  /** Absolute origin used for canonical URLs, e.g. "https://www.example.com.br". */
  publicUrl: string;
  /** Optional hero video (same origin); the poster illustration shows when absent. */
  heroVideoUrl: string | null;
  heroPosterUrl: string;
  /** Default social-sharing image (a raster: social networks ignore SVG). */
  ogImagePath: string;
}

export const defaultSite: SiteConfig = {
  name: "Alvorada Engenharia Predial",
  shortName: "Alvorada",
  legalName: "Alvorada Engenharia e Manutenção Predial Ltda.",
  cnpj: "00.000.000/0001-00",
  tagline: "Manutenção predial em condomínios",
  description:
    "Engenharia de manutenção predial em Curitiba: impermeabilização, restauração e lavagem de fachadas, pintura, rejuntamento e tratamento de ferragens para condomínios.",
  phoneDigits: "5541998765432",
  phoneDisplay: "(41) 99876-5432",
  whatsappDigits: "5541998765432",
  whatsappMessage: "Olá! Gostaria de solicitar um orçamento.",
  email: "contato@alvoradaengenharia.com.br",
  address: {
    street: "Rodovia BR-277, km 2, nº 1500",
    district: "Orleans",
    city: "Curitiba",
    state: "PR",
    postalCode: "82305-100",
    country: "BR",
  },
  hours: [
    {
      label: "Segunda a sexta: 8h às 18h",
      days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    },
    { label: "Sábado: 8h às 12h", days: ["Saturday"], opens: "08:00", closes: "12:00" },
  ],
  foundingYear: 2014,
  copyrightYear: 2024,
  publicUrl: "http://localhost:3000",
  heroVideoUrl: null,
  heroPosterUrl: "/illustrations/hero.svg",
  ogImagePath: "/og-image.png",
};

/** "Rodovia BR-277, km 2, nº 1500 – Orleans, Curitiba – PR, CEP 82305-100" */
export function formatAddress(site: SiteConfig): string {
  const a = site.address;
  return `${a.street} – ${a.district}, ${a.city} – ${a.state}, CEP ${a.postalCode}`;
}
