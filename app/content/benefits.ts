export const benefits: string[] = [
  "Orçamento gratuito e sem compromisso",
  "Visita técnica para avaliação no local",
  "Equipe especializada e qualificada",
  "Materiais de primeira qualidade",
  "Garantia em todos os serviços",
  "Acompanhamento durante toda a obra",
  "Relatórios detalhados de execução",
  "Suporte pós-obra",
];

export const specializedCare: { title: "Atendimento Especializado"; text: string } = {
  title: "Atendimento Especializado",
  text: "Nossa equipe conhece a rotina de um condomínio e sabe que cada obra precisa ser planejada junto com o síndico, respeitando moradores, horários e o orçamento aprovado em assembleia. Do primeiro contato ao suporte pós-obra, você tem um responsável técnico à disposição para esclarecer dúvidas e prestar contas de cada etapa.",
};
