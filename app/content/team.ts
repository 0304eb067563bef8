import type { TeamMember, Testimonial } from "./types";

export const team: TeamMember[] = [
  {
    name: "Rafael Kowalski",
    role: "Sócio-fundador e Diretor Técnico",
    credentials: "Engenheiro Civil · CREA-PR 118.472/D",
    bio: "Engenheiro civil formado pela Universidade Federal do Paraná, Rafael atua há mais de 11 anos em manutenção predial e recuperação de fachadas em Curitiba e região metropolitana. É responsável técnico pelas obras da empresa, da vistoria inicial à emissão da ART e à entrega final. Acredita que uma boa obra começa pelo diagnóstico correto e por uma conversa franca com o síndico sobre prioridades e custos.",
    portrait: {
      src: "/illustrations/equipe-1.svg",
      alt: "Ilustração representando Rafael Kowalski",
      width: 400,
      height: 400,
    },
  },
  {
    name: "Camila Bortolini",
    role: "Sócia e Diretora de Engenharia Diagnóstica",
    credentials: "Engenheira Civil · Especialista em Patologia das Construções · CREA-PR 143.905/D",
    bio: "Engenheira civil com especialização em patologia das construções, Camila coordena as vistorias técnicas, os laudos e os planos de manutenção preventiva elaborados conforme a NBR 5674. Identifica a origem de infiltrações, fissuras e corrosão de armaduras antes que se tornem problemas maiores e mais caros. Também acompanha as equipes em campo e elabora os relatórios de execução entregues aos síndicos ao fim de cada etapa.",
    portrait: {
      src: "/illustrations/equipe-2.svg",
      alt: "Ilustração representando Camila Bortolini",
      width: 400,
      height: 400,
    },
  },
];

export const syndicQuote: Testimonial = {
  quote:
    "Manter contato constante com o síndico é parte do nosso método de trabalho. Antes, durante e depois da obra, ele sabe exatamente o que está sendo feito, por que está sendo feito e quando cada etapa será concluída, e pode prestar contas aos moradores com tranquilidade.",
  author: "Rafael Kowalski",
  role: "Sócio-fundador",
};
