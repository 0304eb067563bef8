import type { Service } from "./types";

export const services: Service[] = [
  {
    id: "pintura-areas-comuns",
    icon: "paint-roller",
    title: "Pintura de Áreas Comuns",
    description:
      "Renovamos halls, corredores, escadarias, garagens e salões de festas com tintas adequadas a cada ambiente e ao tráfego de moradores. O serviço é planejado por etapas para não interromper a rotina do condomínio, com proteção de pisos, portas e mobiliário e limpeza diária do local.",
    features: [
      "Preparação de superfície: lixamento, correção de fissuras e massa",
      "Tintas laváveis e de alta resistência para áreas de grande circulação",
      "Demarcação de vagas e sinalização de garagens",
      "Pintura de portões, grades e corrimãos",
      "Cronograma por etapas, sem parar o condomínio",
      "Proteção e limpeza das áreas ao fim de cada dia",
    ],
    image: {
      src: "/illustrations/servico-pintura-areas-comuns.svg",
      alt: "Ilustração de um pintor aplicando tinta com rolo na parede de um hall de entrada de condomínio",
      width: 800,
      height: 600,
    },
  },
  {
    id: "restauracao-fachadas",
    icon: "building",
    title: "Restauração de Fachadas",
    description:
      "Recuperamos fachadas com fissuras, trincas, desplacamento de revestimento e infiltrações, tratando a causa do problema e não apenas a aparência. Cada obra começa por um diagnóstico técnico, segue as recomendações da NBR 13755 e é executada com trabalho em altura seguro e Anotação de Responsabilidade Técnica (ART).",
    features: [
      "Diagnóstico de patologias e teste de percussão no revestimento",
      "Tratamento de fissuras, trincas e juntas de movimentação",
      "Reassentamento e substituição de pastilhas e cerâmicas",
      "Recuperação de reboco e pintura de acabamento",
      "Trabalho em altura com balancim, cadeirinha e equipe certificada",
      "Responsabilidade técnica com ART registrada no CREA-PR",
    ],
    image: {
      src: "/illustrations/servico-restauracao-fachadas.svg",
      alt: "Ilustração de um prédio residencial com profissionais em um balancim recuperando o revestimento da fachada",
      width: 800,
      height: 600,
    },
  },
  {
    id: "lavagem-fachadas",
    icon: "spray",
    title: "Lavagem de Fachadas",
    description:
      "A lavagem periódica remove fuligem, fungos, limo e poluição que escurecem a fachada e aceleram o desgaste do revestimento. Usamos hidrojateamento com pressão controlada e produtos específicos para cada tipo de superfície, preservando rejuntes, vidros e esquadrias.",
    features: [
      "Hidrojateamento com pressão ajustada a cada revestimento",
      "Produtos biodegradáveis para remoção de fungos e limo",
      "Limpeza de pastilhas, cerâmicas, vidros e esquadrias",
      "Inspeção visual do revestimento durante a lavagem",
      "Proteção de janelas, jardins e áreas de circulação",
    ],
    image: {
      src: "/illustrations/servico-lavagem-fachadas.svg",
      alt: "Ilustração de um profissional suspenso em cadeirinha lavando a fachada de um edifício com jato de água",
      width: 800,
      height: 600,
    },
  },
  {
    id: "impermeabilizacao",
    icon: "droplets",
    title: "Impermeabilização",
    description:
      "Infiltrações comprometem a estrutura, a pintura e a convivência entre vizinhos. Executamos sistemas de impermeabilização conforme a NBR 9575 em lajes, coberturas, terraços, reservatórios e garagens, escolhendo a solução certa para cada área e testando a estanqueidade antes da entrega.",
    features: [
      "Lajes, coberturas, terraços e floreiras",
      "Caixas d'água, reservatórios e piscinas",
      "Garagens, rampas e subsolos com infiltração",
      "Mantas asfálticas, membranas acrílicas e poliuretânicas",
      "Teste de estanqueidade antes da entrega",
      "Projeto e execução conforme a NBR 9575",
    ],
    image: {
      src: "/illustrations/servico-impermeabilizacao.svg",
      alt: "Ilustração de uma laje de cobertura recebendo manta impermeabilizante, com gotas de água sendo barradas",
      width: 800,
      height: 600,
    },
  },
  {
    id: "rejuntamento",
    icon: "grid",
    title: "Rejuntamento",
    description:
      "Rejuntes deteriorados permitem a entrada de água por trás do revestimento e são uma das principais causas de desplacamento de pastilhas e cerâmicas. Removemos o rejunte antigo e aplicamos materiais flexíveis e impermeáveis, devolvendo a vedação e o bom aspecto da fachada e das áreas molhadas.",
    features: [
      "Remoção mecânica do rejunte antigo sem danificar as peças",
      "Rejuntes flexíveis, impermeáveis e resistentes a fungos",
      "Aplicação em fachadas, piscinas, sacadas e áreas molhadas",
      "Revisão e selagem das juntas de movimentação",
      "Cor compatível com o revestimento existente",
    ],
    image: {
      src: "/illustrations/servico-rejuntamento.svg",
      alt: "Ilustração em detalhe de um revestimento cerâmico recebendo rejunte novo com desempenadeira",
      width: 800,
      height: 600,
    },
  },
  {
    id: "tratamento-ferragens",
    icon: "wrench",
    title: "Tratamento de Ferragens",
    description:
      "Armaduras expostas e concreto estufado indicam corrosão, um problema que avança com o tempo e reduz a segurança da estrutura. Fazemos a recuperação estrutural de vigas, pilares, lajes e marquises, com limpeza das barras, proteção anticorrosiva e recomposição do concreto com argamassas estruturais.",
    features: [
      "Remoção do concreto deteriorado e limpeza das armaduras",
      "Aplicação de inibidor de corrosão e ponte de aderência",
      "Recomposição com argamassa estrutural de alto desempenho",
      "Reforço ou substituição de barras comprometidas",
      "Recuperação de marquises, sacadas e pilares de garagem",
      "Acompanhamento de engenheiro responsável, com ART",
    ],
    image: {
      src: "/illustrations/servico-tratamento-ferragens.svg",
      alt: "Ilustração de um pilar de concreto com armaduras expostas sendo tratadas contra a corrosão",
      width: 800,
      height: 600,
    },
  },
  {
    id: "pisos-revestimentos",
    icon: "layers",
    title: "Pisos e Revestimentos",
    description:
      "Substituímos e recuperamos pisos e revestimentos de áreas comuns, garagens e áreas externas, com atenção ao nivelamento, ao caimento e à segurança de quem circula. Indicamos materiais antiderrapantes e duráveis e executamos o assentamento conforme as normas técnicas, com o mínimo de transtorno aos moradores.",
    features: [
      "Pisos de halls, calçadas, garagens e áreas de lazer",
      "Revestimentos cerâmicos, porcelanatos e pedras naturais",
      "Pisos antiderrapantes para rampas e áreas molhadas",
      "Regularização de contrapiso e correção de caimentos",
      "Recuperação de peças soltas, trincadas ou ocas",
    ],
    image: {
      src: "/illustrations/servico-pisos-revestimentos.svg",
      alt: "Ilustração de um profissional assentando placas de piso cerâmico em uma área comum de condomínio",
      width: 800,
      height: 600,
    },
  },
];

export const homeServiceIds = [
  "impermeabilizacao",
  "restauracao-fachadas",
  "pintura-areas-comuns",
  "tratamento-ferragens",
] as const;

function serviceById(id: string): Service {
  const service = services.find((item) => item.id === id);
  if (!service) {
    throw new Error(`Serviço não encontrado: ${id}`);
  }
  return service;
}

export const homeServices: Service[] = homeServiceIds.map(serviceById);

export const technicalInspection: { title: "Vistoria Técnica"; description: string } = {
  title: "Vistoria Técnica",
  description:
    "Antes de qualquer orçamento, nossa equipe vai até o condomínio para avaliar fachadas, estrutura, coberturas e áreas comuns. A vistoria identifica as causas dos problemas, define as prioridades e orienta um plano de manutenção alinhado à NBR 5674, sem custo e sem compromisso.",
};
