export const qualityCommitment: { title: string; text: string; points: string[] } = {
  title: "Compromisso com a qualidade",
  text: "Cada obra é conduzida por engenheiros responsáveis, com planejamento, materiais especificados para cada situação e respeito às normas técnicas brasileiras. O síndico acompanha todas as etapas e recebe, ao final, a documentação necessária para a prestação de contas e para o histórico de manutenção do edifício.",
  points: [
    "Responsabilidade técnica com ART registrada no CREA-PR",
    "Execução conforme as normas ABNT, como a NBR 5674, a NBR 16280 e a NBR 9575",
    "Relatórios detalhados de execução, com registro fotográfico de cada etapa",
    "Garantia em todos os serviços e suporte após a entrega da obra",
  ],
};

export const servicesHero: { badge: string; title: string; text: string } = {
  badge: "Soluções completas em manutenção predial",
  title: "Serviços de engenharia para conservar e valorizar o seu condomínio",
  text: "Da impermeabilização à restauração de fachadas, executamos cada serviço com diagnóstico técnico, materiais de qualidade e equipe especializada. Conheça as soluções que mantêm o seu edifício seguro, bonito e em dia com as normas.",
};

export const worksIntro: string =
  "Ao longo de mais de 10 anos, realizamos mais de 200 obras em condomínios residenciais e comerciais de Curitiba. Conheça alguns dos projetos entregues pela nossa equipe, com os serviços executados em cada edifício: restauração de fachadas, impermeabilização, tratamento de ferragens, pintura e muito mais.";

export const homeHero: { badge: string; title: string; text: string } = {
  badge: "Mais de 10 anos cuidando de condomínios em Curitiba",
  title: "Manutenção predial que protege e valoriza o seu condomínio",
  text: "Restauração de fachadas, impermeabilização, pintura e recuperação estrutural com responsabilidade técnica, garantia e acompanhamento do síndico do orçamento à entrega. Solicite uma visita técnica gratuita e sem compromisso.",
};

export const aboutText: string =
  "Empresa de engenharia especializada em manutenção predial e restauração de fachadas, com mais de 10 anos de experiência em condomínios de Curitiba e região. Atuamos com equipe qualificada, responsabilidade técnica e garantia em todos os serviços.";
