import type { Reason } from "./types";

export const reasons: Reason[] = [
  {
    icon: "award",
    title: "Mais de 10 anos de experiência",
    description:
      "Há mais de uma década cuidamos de condomínios em Curitiba e conhecemos de perto os efeitos do clima da cidade sobre fachadas, coberturas e estruturas.",
  },
  {
    icon: "users",
    title: "Equipe especializada",
    description:
      "Engenheiros e profissionais treinados e certificados para trabalho em altura, com responsabilidade técnica registrada no CREA-PR em cada obra.",
  },
  {
    icon: "badge-check",
    title: "Materiais de qualidade",
    description:
      "Trabalhamos com fabricantes reconhecidos e especificamos cada produto de acordo com a superfície, a exposição e a durabilidade esperada.",
  },
  {
    icon: "shield-check",
    title: "Garantia em todos os serviços",
    description:
      "Todos os serviços são entregues com garantia por escrito, para que o condomínio tenha segurança muito além do último dia de obra.",
  },
  {
    icon: "handshake",
    title: "Atendimento personalizado",
    description:
      "Cada condomínio tem uma realidade diferente. O síndico conta com um responsável técnico que acompanha o atendimento do orçamento à entrega.",
  },
  {
    icon: "clipboard-check",
    title: "Orçamento sem compromisso",
    description:
      "Fazemos a visita técnica e apresentamos uma proposta detalhada, sem custo, para apoiar a decisão do síndico e da assembleia.",
  },
];
