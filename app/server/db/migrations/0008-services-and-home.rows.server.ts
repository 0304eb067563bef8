// The rows migration 0008 writes into a new database: the services, the home page's numbers and
// reasons, and the testimonials as the site showed them when their tables were created (they
// lived in app/content then). Frozen with the migration: whatever app/content or the admin holds
// later, a database migrated today starts exactly as one migrated the day this shipped.

export interface ServiceRow {
  slug: string;
  icon: string;
  title: string;
  summary: string;
  details: string;
  /** JSON array of strings. */
  features: string;
  picture_media_id: null;
  picture_path: string;
  picture_width: number;
  picture_height: number;
  picture_alt: string;
  position: number;
  show_on_home: boolean;
  home_position: number;
}

export const services: ServiceRow[] = [
  {
    slug: "pintura-areas-comuns",
    icon: "paint-roller",
    title: "Pintura de Áreas Comuns",
    summary:
      "Renovamos halls, corredores, escadarias, garagens e salões de festas com tintas adequadas a cada ambiente e ao tráfego de moradores. O serviço é planejado por etapas para não interromper a rotina do condomínio, com proteção de pisos, portas e mobiliário e limpeza diária do local.",
    details:
      "Renovamos halls, corredores, escadarias, garagens e salões de festas com tintas adequadas a cada ambiente e ao tráfego de moradores. O serviço é planejado por etapas para não interromper a rotina do condomínio, com proteção de pisos, portas e mobiliário e limpeza diária do local.",
    features:
      '["Preparação de superfície: lixamento, correção de fissuras e massa","Tintas laváveis e de alta resistência para áreas de grande circulação","Demarcação de vagas e sinalização de garagens","Pintura de portões, grades e corrimãos","Cronograma por etapas, sem parar o condomínio","Proteção e limpeza das áreas ao fim de cada dia"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-pintura-areas-comuns.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt:
      "Ilustração de um pintor aplicando tinta com rolo na parede de um hall de entrada de condomínio",
    position: 1,
    show_on_home: true,
    home_position: 3,
  },
  {
    slug: "restauracao-fachadas",
    icon: "building",
    title: "Restauração de Fachadas",
    summary:
      "Recuperamos fachadas com fissuras, trincas, desplacamento de revestimento e infiltrações, tratando a causa do problema e não apenas a aparência. Cada obra começa por um diagnóstico técnico, segue as recomendações da NBR 13755 e é executada com trabalho em altura seguro e Anotação de Responsabilidade Técnica (ART).",
    details:
      "Recuperamos fachadas com fissuras, trincas, desplacamento de revestimento e infiltrações, tratando a causa do problema e não apenas a aparência. Cada obra começa por um diagnóstico técnico, segue as recomendações da NBR 13755 e é executada com trabalho em altura seguro e Anotação de Responsabilidade Técnica (ART).",
    features:
      '["Diagnóstico de patologias e teste de percussão no revestimento","Tratamento de fissuras, trincas e juntas de movimentação","Reassentamento e substituição de pastilhas e cerâmicas","Recuperação de reboco e pintura de acabamento","Trabalho em altura com balancim, cadeirinha e equipe certificada","Responsabilidade técnica com ART registrada no CREA-PR"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-restauracao-fachadas.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt:
      "Ilustração de um prédio residencial com profissionais em um balancim recuperando o revestimento da fachada",
    position: 2,
    show_on_home: true,
    home_position: 2,
  },
  {
    slug: "lavagem-fachadas",
    icon: "spray",
    title: "Lavagem de Fachadas",
    summary:
      "A lavagem periódica remove fuligem, fungos, limo e poluição que escurecem a fachada e aceleram o desgaste do revestimento. Usamos hidrojateamento com pressão controlada e produtos específicos para cada tipo de superfície, preservando rejuntes, vidros e esquadrias.",
    details:
      "A lavagem periódica remove fuligem, fungos, limo e poluição que escurecem a fachada e aceleram o desgaste do revestimento. Usamos hidrojateamento com pressão controlada e produtos específicos para cada tipo de superfície, preservando rejuntes, vidros e esquadrias.",
    features:
      '["Hidrojateamento com pressão ajustada a cada revestimento","Produtos biodegradáveis para remoção de fungos e limo","Limpeza de pastilhas, cerâmicas, vidros e esquadrias","Inspeção visual do revestimento durante a lavagem","Proteção de janelas, jardins e áreas de circulação"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-lavagem-fachadas.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt:
      "Ilustração de um profissional suspenso em cadeirinha lavando a fachada de um edifício com jato de água",
    position: 3,
    show_on_home: false,
    home_position: 7,
  },
  {
    slug: "impermeabilizacao",
    icon: "droplets",
    title: "Impermeabilização",
    summary:
      "Infiltrações comprometem a estrutura, a pintura e a convivência entre vizinhos. Executamos sistemas de impermeabilização conforme a NBR 9575 em lajes, coberturas, terraços, reservatórios e garagens, escolhendo a solução certa para cada área e testando a estanqueidade antes da entrega.",
    details:
      "Infiltrações comprometem a estrutura, a pintura e a convivência entre vizinhos. Executamos sistemas de impermeabilização conforme a NBR 9575 em lajes, coberturas, terraços, reservatórios e garagens, escolhendo a solução certa para cada área e testando a estanqueidade antes da entrega.",
    features:
      '["Lajes, coberturas, terraços e floreiras","Caixas d\'água, reservatórios e piscinas","Garagens, rampas e subsolos com infiltração","Mantas asfálticas, membranas acrílicas e poliuretânicas","Teste de estanqueidade antes da entrega","Projeto e execução conforme a NBR 9575"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-impermeabilizacao.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt:
      "Ilustração de uma laje de cobertura recebendo manta impermeabilizante, com gotas de água sendo barradas",
    position: 4,
    show_on_home: true,
    home_position: 1,
  },
  {
    slug: "rejuntamento",
    icon: "grid",
    title: "Rejuntamento",
    summary:
      "Rejuntes deteriorados permitem a entrada de água por trás do revestimento e são uma das principais causas de desplacamento de pastilhas e cerâmicas. Removemos o rejunte antigo e aplicamos materiais flexíveis e impermeáveis, devolvendo a vedação e o bom aspecto da fachada e das áreas molhadas.",
    details:
      "Rejuntes deteriorados permitem a entrada de água por trás do revestimento e são uma das principais causas de desplacamento de pastilhas e cerâmicas. Removemos o rejunte antigo e aplicamos materiais flexíveis e impermeáveis, devolvendo a vedação e o bom aspecto da fachada e das áreas molhadas.",
    features:
      '["Remoção mecânica do rejunte antigo sem danificar as peças","Rejuntes flexíveis, impermeáveis e resistentes a fungos","Aplicação em fachadas, piscinas, sacadas e áreas molhadas","Revisão e selagem das juntas de movimentação","Cor compatível com o revestimento existente"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-rejuntamento.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt:
      "Ilustração em detalhe de um revestimento cerâmico recebendo rejunte novo com desempenadeira",
    position: 5,
    show_on_home: false,
    home_position: 9,
  },
  {
    slug: "tratamento-ferragens",
    icon: "wrench",
    title: "Tratamento de Ferragens",
    summary:
      "Armaduras expostas e concreto estufado indicam corrosão, um problema que avança com o tempo e reduz a segurança da estrutura. Fazemos a recuperação estrutural de vigas, pilares, lajes e marquises, com limpeza das barras, proteção anticorrosiva e recomposição do concreto com argamassas estruturais.",
    details:
      "Armaduras expostas e concreto estufado indicam corrosão, um problema que avança com o tempo e reduz a segurança da estrutura. Fazemos a recuperação estrutural de vigas, pilares, lajes e marquises, com limpeza das barras, proteção anticorrosiva e recomposição do concreto com argamassas estruturais.",
    features:
      '["Remoção do concreto deteriorado e limpeza das armaduras","Aplicação de inibidor de corrosão e ponte de aderência","Recomposição com argamassa estrutural de alto desempenho","Reforço ou substituição de barras comprometidas","Recuperação de marquises, sacadas e pilares de garagem","Acompanhamento de engenheiro responsável, com ART"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-tratamento-ferragens.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt: "Ilustração de um pilar de concreto com armaduras expostas sendo tratadas contra a corrosão",
    position: 6,
    show_on_home: true,
    home_position: 4,
  },
  {
    slug: "pisos-revestimentos",
    icon: "layers",
    title: "Pisos e Revestimentos",
    summary:
      "Substituímos e recuperamos pisos e revestimentos de áreas comuns, garagens e áreas externas, com atenção ao nivelamento, ao caimento e à segurança de quem circula. Indicamos materiais antiderrapantes e duráveis e executamos o assentamento conforme as normas técnicas, com o mínimo de transtorno aos moradores.",
    details:
      "Substituímos e recuperamos pisos e revestimentos de áreas comuns, garagens e áreas externas, com atenção ao nivelamento, ao caimento e à segurança de quem circula. Indicamos materiais antiderrapantes e duráveis e executamos o assentamento conforme as normas técnicas, com o mínimo de transtorno aos moradores.",
    features:
      '["Pisos de halls, calçadas, garagens e áreas de lazer","Revestimentos cerâmicos, porcelanatos e pedras naturais","Pisos antiderrapantes para rampas e áreas molhadas","Regularização de contrapiso e correção de caimentos","Recuperação de peças soltas, trincadas ou ocas"]',
    picture_media_id: null,
    picture_path: "/illustrations/servico-pisos-revestimentos.svg",
    picture_width: 800,
    picture_height: 600,
    picture_alt:
      "Ilustração de um profissional assentando placas de piso cerâmico em uma área comum de condomínio",
    position: 7,
    show_on_home: false,
    home_position: 11,
  },
];

export interface StatRow {
  value: string;
  label: string;
  position: number;
}

export const stats: StatRow[] = [
  {
    value: "200+",
    label: "Obras realizadas",
    position: 1,
  },
  {
    value: "10+",
    label: "Anos de experiência",
    position: 2,
  },
  {
    value: "100%",
    label: "Clientes satisfeitos",
    position: 3,
  },
  {
    value: "24/7",
    label: "Suporte técnico",
    position: 4,
  },
];

export interface ReasonRow {
  icon: string;
  title: string;
  description: string;
  position: number;
}

export const reasons: ReasonRow[] = [
  {
    icon: "award",
    title: "Mais de 10 anos de experiência",
    description:
      "Há mais de uma década cuidamos de condomínios em Curitiba e conhecemos de perto os efeitos do clima da cidade sobre fachadas, coberturas e estruturas.",
    position: 1,
  },
  {
    icon: "users",
    title: "Equipe especializada",
    description:
      "Engenheiros e profissionais treinados e certificados para trabalho em altura, com responsabilidade técnica registrada no CREA-PR em cada obra.",
    position: 2,
  },
  {
    icon: "badge-check",
    title: "Materiais de qualidade",
    description:
      "Trabalhamos com fabricantes reconhecidos e especificamos cada produto de acordo com a superfície, a exposição e a durabilidade esperada.",
    position: 3,
  },
  {
    icon: "shield-check",
    title: "Garantia em todos os serviços",
    description:
      "Todos os serviços são entregues com garantia por escrito, para que o condomínio tenha segurança muito além do último dia de obra.",
    position: 4,
  },
  {
    icon: "handshake",
    title: "Atendimento personalizado",
    description:
      "Cada condomínio tem uma realidade diferente. O síndico conta com um responsável técnico que acompanha o atendimento do orçamento à entrega.",
    position: 5,
  },
  {
    icon: "clipboard-check",
    title: "Orçamento sem compromisso",
    description:
      "Fazemos a visita técnica e apresentamos uma proposta detalhada, sem custo, para apoiar a decisão do síndico e da assembleia.",
    position: 6,
  },
];

export interface TestimonialRow {
  author: string;
  role: string;
  quote: string;
  position: number;
  visible: boolean;
}

export const testimonials: TestimonialRow[] = [
  {
    author: "Mariana S.",
    role: "Síndica, Condomínio Residencial Jardim Botânico",
    quote:
      "A impermeabilização da cobertura resolveu de vez as infiltrações nos apartamentos do último andar. A equipe cumpriu o cronograma e me enviou relatórios com fotos de cada etapa, o que facilitou muito a prestação de contas na assembleia.",
    position: 1,
    visible: true,
  },
  {
    author: "Carlos E.",
    role: "Síndico, Edifício Residencial Alto da Glória",
    quote:
      "Fizemos a restauração completa da fachada com o prédio ocupado e praticamente não houve reclamações dos moradores. Organização, limpeza diária e um engenheiro sempre disponível para responder às minhas dúvidas.",
    position: 2,
    visible: true,
  },
  {
    author: "Patrícia M.",
    role: "Gestora de condomínios, administradora em Curitiba",
    quote:
      "Administramos vários condomínios em Curitiba e a vistoria técnica deles é das mais completas que já recebemos. As propostas são claras, detalhadas e ajudam os síndicos a decidir o que fazer primeiro.",
    position: 3,
    visible: true,
  },
];
