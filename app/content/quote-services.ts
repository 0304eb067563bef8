/** The service options of the quote form, exactly as the spec lists them. */
export const quoteServiceOptions = [
  "Impermeabilização",
  "Restauração de Fachadas",
  "Tratamento de Ferragens",
  "Pinturas e Revestimentos",
  "Rejuntamento",
  "Lavagem de Fachadas",
  "Vistoria Técnica",
  "Outros",
] as const;

export type QuoteServiceOption = (typeof quoteServiceOptions)[number];
