import type { Testimonial } from "./types";

export const testimonials: Testimonial[] = [
  {
    quote:
      "A impermeabilização da cobertura resolveu de vez as infiltrações nos apartamentos do último andar. A equipe cumpriu o cronograma e me enviou relatórios com fotos de cada etapa, o que facilitou muito a prestação de contas na assembleia.",
    author: "Mariana S.",
    role: "Síndica, Condomínio Residencial Jardim Botânico",
  },
  {
    quote:
      "Fizemos a restauração completa da fachada com o prédio ocupado e praticamente não houve reclamações dos moradores. Organização, limpeza diária e um engenheiro sempre disponível para responder às minhas dúvidas.",
    author: "Carlos E.",
    role: "Síndico, Edifício Residencial Alto da Glória",
  },
  {
    quote:
      "Administramos vários condomínios em Curitiba e a vistoria técnica deles é das mais completas que já recebemos. As propostas são claras, detalhadas e ajudam os síndicos a decidir o que fazer primeiro.",
    author: "Patrícia M.",
    role: "Gestora de condomínios, administradora em Curitiba",
  },
];
