// The rows migration 0009 writes into a new database: the works of /obras as the site showed them
// when their tables were created (they lived in app/content/projects.ts then), each with the
// pictures its accordion showed. Frozen with the migration: whatever app/content or the admin
// holds later, a database migrated today starts exactly as one migrated the day this shipped.

export interface WorkPhotoRow {
  position: number;
  title: string;
  alt: string;
  media_id: null;
  path: string;
  width: number;
  height: number;
}

export interface WorkRow {
  slug: string;
  title: string;
  /** The title folded for search (accents off, lower case), as the admin's search reads it. */
  search_text: string;
  neighbourhood: string;
  city: string;
  period: string;
  building_type: string;
  /** JSON array of strings. */
  services: string;
  description: string;
  in_progress: boolean;
  published: boolean;
  position: number;
  cover_media_id: null;
  cover_path: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alt: string;
  photos: WorkPhotoRow[];
}

export const works: WorkRow[] = [
  {
    slug: "condominio-residencial-solar-do-batel",
    title: "Condomínio Residencial Solar do Batel",
    search_text: "condominio residencial solar do batel",
    neighbourhood: "Batel",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Restauração completa da fachada em pastilhas, com teste de percussão, reassentamento das peças soltas e rejuntamento total. Lavagem com hidrojateamento e tratamento das juntas de movimentação, conforme a NBR 13755.",
    in_progress: false,
    published: true,
    position: 0,
    cover_media_id: null,
    cover_path: "/illustrations/obra-01.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração de um edifício residencial alto com fachada revestida em pastilhas, no bairro Batel, em Curitiba",
    photos: [
      {
        position: 0,
        title: "Fachada principal",
        alt: "Ilustração de um edifício residencial alto com fachada revestida em pastilhas, no bairro Batel, em Curitiba",
        media_id: null,
        path: "/illustrations/obra-01.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Detalhe do revestimento em pastilhas",
        alt: "Ilustração de um edifício residencial alto com fachada revestida em pastilhas, no bairro Batel, em Curitiba",
        media_id: null,
        path: "/illustrations/obra-01.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "edificio-residencial-parque-agua-verde",
    title: "Edifício Residencial Parque Água Verde",
    search_text: "edificio residencial parque agua verde",
    neighbourhood: "Água Verde",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Impermeabilização da cobertura e da casa de máquinas com manta asfáltica e teste de estanqueidade. Tratamento de ferragens expostas na platibanda e pintura externa completa do edifício.",
    in_progress: false,
    published: true,
    position: 1,
    cover_media_id: null,
    cover_path: "/illustrations/obra-02.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração de um prédio residencial no Água Verde com destaque para a platibanda e a cobertura",
    photos: [
      {
        position: 0,
        title: "Platibanda e cobertura",
        alt: "Ilustração de um prédio residencial no Água Verde com destaque para a platibanda e a cobertura",
        media_id: null,
        path: "/illustrations/obra-02.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Fachada lateral",
        alt: "Ilustração de um prédio residencial no Água Verde com destaque para a platibanda e a cobertura",
        media_id: null,
        path: "/illustrations/obra-02.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "condominio-residencial-vista-do-bigorrilho",
    title: "Condomínio Residencial Vista do Bigorrilho",
    search_text: "condominio residencial vista do bigorrilho",
    neighbourhood: "Bigorrilho",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Lavagem de fachada com produtos biodegradáveis, rejuntamento total do revestimento cerâmico e revisão dos selantes das esquadrias.",
    in_progress: false,
    published: true,
    position: 2,
    cover_media_id: null,
    cover_path: "/illustrations/obra-03.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração de um condomínio residencial no Bigorrilho com fachada em revestimento cerâmico claro",
    photos: [
      {
        position: 0,
        title: "Fachada principal",
        alt: "Ilustração de um condomínio residencial no Bigorrilho com fachada em revestimento cerâmico claro",
        media_id: null,
        path: "/illustrations/obra-03.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "edificio-jardim-do-cabral",
    title: "Edifício Jardim do Cabral",
    search_text: "edificio jardim do cabral",
    neighbourhood: "Cabral",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Recuperação estrutural de pilares e vigas da garagem, com limpeza e proteção das armaduras e recomposição em argamassa estrutural. Pintura do subsolo com demarcação de vagas e sinalização.",
    in_progress: false,
    published: true,
    position: 3,
    cover_media_id: null,
    cover_path: "/illustrations/obra-04.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração da garagem de um edifício residencial no Cabral, com pilares de concreto e vagas demarcadas",
    photos: [
      {
        position: 0,
        title: "Garagem",
        alt: "Ilustração da garagem de um edifício residencial no Cabral, com pilares de concreto e vagas demarcadas",
        media_id: null,
        path: "/illustrations/obra-04.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Pilares do subsolo",
        alt: "Ilustração da garagem de um edifício residencial no Cabral, com pilares de concreto e vagas demarcadas",
        media_id: null,
        path: "/illustrations/obra-04.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "residencial-bosque-do-juveve",
    title: "Residencial Bosque do Juvevê",
    search_text: "residencial bosque do juveve",
    neighbourhood: "Juvevê",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Impermeabilização de terraços e floreiras com membrana poliuretânica. Pintura das áreas comuns, incluindo hall de entrada, corredores e escadarias, executada por etapas com o prédio ocupado.",
    in_progress: false,
    published: true,
    position: 4,
    cover_media_id: null,
    cover_path: "/illustrations/obra-05.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt: "Ilustração de um edifício residencial no Juvevê com hall de entrada, terraço e floreiras",
    photos: [
      {
        position: 0,
        title: "Hall de entrada",
        alt: "Ilustração de um edifício residencial no Juvevê com hall de entrada, terraço e floreiras",
        media_id: null,
        path: "/illustrations/obra-05.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Terraço e floreiras",
        alt: "Ilustração de um edifício residencial no Juvevê com hall de entrada, terraço e floreiras",
        media_id: null,
        path: "/illustrations/obra-05.svg",
        width: 800,
        height: 600,
      },
      {
        position: 2,
        title: "Escadaria",
        alt: "Ilustração de um edifício residencial no Juvevê com hall de entrada, terraço e floreiras",
        media_id: null,
        path: "/illustrations/obra-05.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "condominio-reserva-ecoville",
    title: "Condomínio Reserva Ecoville",
    search_text: "condominio reserva ecoville",
    neighbourhood: "Ecoville",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Restauração das fachadas das duas torres, com tratamento de fissuras e pintura em textura acrílica elastomérica. Recuperação das sacadas, com tratamento de ferragens e nova impermeabilização dos pisos.",
    in_progress: false,
    published: true,
    position: 5,
    cover_media_id: null,
    cover_path: "/illustrations/obra-06.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração de um condomínio de torres residenciais no Ecoville, com fachadas e sacadas recuperadas",
    photos: [
      {
        position: 0,
        title: "Fachada principal",
        alt: "Ilustração de um condomínio de torres residenciais no Ecoville, com fachadas e sacadas recuperadas",
        media_id: null,
        path: "/illustrations/obra-06.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Sacadas",
        alt: "Ilustração de um condomínio de torres residenciais no Ecoville, com fachadas e sacadas recuperadas",
        media_id: null,
        path: "/illustrations/obra-06.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "edificio-residencial-alto-da-xv",
    title: "Edifício Residencial Alto da XV",
    search_text: "edificio residencial alto da xv",
    neighbourhood: "Alto da XV",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Recuperação estrutural da marquise, com tratamento das armaduras corroídas e impermeabilização da laje. Substituição do piso da calçada de acesso por revestimento antiderrapante.",
    in_progress: false,
    published: true,
    position: 6,
    cover_media_id: null,
    cover_path: "/illustrations/obra-10.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt: "Ilustração de um edifício residencial no Alto da XV com marquise sobre a calçada de acesso",
    photos: [
      {
        position: 0,
        title: "Marquise",
        alt: "Ilustração de um edifício residencial no Alto da XV com marquise sobre a calçada de acesso",
        media_id: null,
        path: "/illustrations/obra-10.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Calçada e acesso",
        alt: "Ilustração de um edifício residencial no Alto da XV com marquise sobre a calçada de acesso",
        media_id: null,
        path: "/illustrations/obra-10.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "residencial-jardim-portao",
    title: "Residencial Jardim Portão",
    search_text: "residencial jardim portao",
    neighbourhood: "Portão",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Impermeabilização do reservatório superior e das caixas d'água. Rejuntamento da piscina e troca do piso da área de lazer por porcelanato antiderrapante.",
    in_progress: false,
    published: true,
    position: 7,
    cover_media_id: null,
    cover_path: "/illustrations/obra-08.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração de um condomínio residencial no Portão com reservatório superior e área de piscina",
    photos: [
      {
        position: 0,
        title: "Reservatório superior",
        alt: "Ilustração de um condomínio residencial no Portão com reservatório superior e área de piscina",
        media_id: null,
        path: "/illustrations/obra-08.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Área da piscina",
        alt: "Ilustração de um condomínio residencial no Portão com reservatório superior e área de piscina",
        media_id: null,
        path: "/illustrations/obra-08.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "condominio-residencial-parque-boa-vista",
    title: "Condomínio Residencial Parque Boa Vista",
    search_text: "condominio residencial parque boa vista",
    neighbourhood: "Boa Vista",
    city: "Curitiba",
    period: "",
    building_type: "Residencial",
    services: "[]",
    description:
      "Lavagem e pintura geral das fachadas e dos muros, com correção de fissuras no reboco. Tratamento anticorrosivo e pintura de portões, grades e corrimãos.",
    in_progress: false,
    published: true,
    position: 8,
    cover_media_id: null,
    cover_path: "/illustrations/obra-09.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt: "Ilustração de um condomínio residencial no Boa Vista com fachada pintada, muros e portões",
    photos: [
      {
        position: 0,
        title: "Fachada principal",
        alt: "Ilustração de um condomínio residencial no Boa Vista com fachada pintada, muros e portões",
        media_id: null,
        path: "/illustrations/obra-09.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Muros e portões",
        alt: "Ilustração de um condomínio residencial no Boa Vista com fachada pintada, muros e portões",
        media_id: null,
        path: "/illustrations/obra-09.svg",
        width: 800,
        height: 600,
      },
    ],
  },
  {
    slug: "torre-empresarial-candido-de-abreu",
    title: "Torre Empresarial Cândido de Abreu",
    search_text: "torre empresarial candido de abreu",
    neighbourhood: "Centro Cívico",
    city: "Curitiba",
    period: "",
    building_type: "Comercial",
    services: "[]",
    description:
      "Lavagem da fachada em vidro e porcelanato, com reassentamento de placas soltas e revisão das juntas de movimentação. Impermeabilização da laje de cobertura, com os serviços programados fora do horário comercial.",
    in_progress: false,
    published: true,
    position: 9,
    cover_media_id: null,
    cover_path: "/illustrations/obra-07.svg",
    cover_width: 800,
    cover_height: 600,
    cover_alt:
      "Ilustração de uma torre comercial de escritórios no Centro Cívico com fachada em vidro e porcelanato",
    photos: [
      {
        position: 0,
        title: "Fachada principal",
        alt: "Ilustração de uma torre comercial de escritórios no Centro Cívico com fachada em vidro e porcelanato",
        media_id: null,
        path: "/illustrations/obra-07.svg",
        width: 800,
        height: 600,
      },
      {
        position: 1,
        title: "Platibanda e cobertura",
        alt: "Ilustração de uma torre comercial de escritórios no Centro Cívico com fachada em vidro e porcelanato",
        media_id: null,
        path: "/illustrations/obra-07.svg",
        width: 800,
        height: 600,
      },
    ],
  },
];
