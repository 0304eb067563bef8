/** Every public page of the site, with a word its main heading contains. */
export const publicPages = [
  { path: "/", name: "Início", heading: "Manutenção predial" },
  { path: "/servicos", name: "Serviços", heading: "Serviços" },
  { path: "/obras", name: "Obras Realizadas", heading: "Obras realizadas" },
  { path: "/blog", name: "Blog", heading: "Conhecimento para cuidar do seu condomínio" },
  { path: "/contato", name: "Contato", heading: "Entre em Contato" },
] as const;

/** Where the WhatsApp links lead: the company's conversation with its message. */
export const whatsappHref =
  "https://wa.me/5541998765432?text=Ol%C3%A1!%20Gostaria%20de%20solicitar%20um%20or%C3%A7amento.";

export type ContactKind = "whatsapp" | "telefone" | "email";

/** Where each kind of contact link leads with the demo company's facts: the real target. */
export const contactTargets: Record<ContactKind, string> = {
  whatsapp: whatsappHref,
  telefone: "tel:+5541998765432",
  email: "mailto:contato@alvoradaengenharia.com.br",
};

/** The counting address a contact link on `path` pings (docs/decisions/0071). */
export function tapPing(kind: ContactKind, path: string): string {
  return `/toque?tipo=${kind}&de=${path}`;
}

/** A published demo article and a category, for scans of the blog's other states. */
export const demoArticlePath = "/blog/plano-de-manutencao-nbr-5674";
export const demoCategoryPath = "/blog?categoria=fachadas";

/** A demo work's own page. */
export const demoWorkPath = "/obras/condominio-residencial-solar-do-batel";
