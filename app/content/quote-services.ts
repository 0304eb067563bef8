/** The service options of the quote form, word for word as the company lists them. */
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
