import type { Illustration, Project, ProjectImage } from "./types";

// The office tower is drawn in obra-07.svg, so its project uses that file.
// Each project has a single illustration for now; the same picture stands for "before" and
// "after" until the photographs of each work are added.
function obra(number: string, alt: string): Illustration {
  return { src: `/illustrations/obra-${number}.svg`, alt, width: 800, height: 600 };
}

function registro(title: string, picture: Illustration): ProjectImage {
  return { title, before: picture, after: picture };
}

const obra01 = obra(
  "01",
  "Ilustração de um edifício residencial alto com fachada revestida em pastilhas, no bairro Batel, em Curitiba",
);
const obra02 = obra(
  "02",
  "Ilustração de um prédio residencial no Água Verde com destaque para a platibanda e a cobertura",
);
const obra03 = obra(
  "03",
  "Ilustração de um condomínio residencial no Bigorrilho com fachada em revestimento cerâmico claro",
);
const obra04 = obra(
  "04",
  "Ilustração da garagem de um edifício residencial no Cabral, com pilares de concreto e vagas demarcadas",
);
const obra05 = obra(
  "05",
  "Ilustração de um edifício residencial no Juvevê com hall de entrada, terraço e floreiras",
);
const obra06 = obra(
  "06",
  "Ilustração de um condomínio de torres residenciais no Ecoville, com fachadas e sacadas recuperadas",
);
const obra07 = obra(
  "10",
  "Ilustração de um edifício residencial no Alto da XV com marquise sobre a calçada de acesso",
);
const obra08 = obra(
  "08",
  "Ilustração de um condomínio residencial no Portão com reservatório superior e área de piscina",
);
const obra09 = obra(
  "09",
  "Ilustração de um condomínio residencial no Boa Vista com fachada pintada, muros e portões",
);
const obra10 = obra(
  "07",
  "Ilustração de uma torre comercial de escritórios no Centro Cívico com fachada em vidro e porcelanato",
);

export const projects: Project[] = [
  {
    id: "condominio-residencial-solar-do-batel",
    title: "Condomínio Residencial Solar do Batel",
    services:
      "Restauração completa da fachada em pastilhas, com teste de percussão, reassentamento das peças soltas e rejuntamento total. Lavagem com hidrojateamento e tratamento das juntas de movimentação, conforme a NBR 13755.",
    hasImages: true,
    images: [registro("Fachada principal", obra01), registro("Detalhe do revestimento em pastilhas", obra01)],
  },
  {
    id: "edificio-residencial-parque-agua-verde",
    title: "Edifício Residencial Parque Água Verde",
    services:
      "Impermeabilização da cobertura e da casa de máquinas com manta asfáltica e teste de estanqueidade. Tratamento de ferragens expostas na platibanda e pintura externa completa do edifício.",
    hasImages: true,
    images: [registro("Platibanda e cobertura", obra02), registro("Fachada lateral", obra02)],
  },
  {
    id: "condominio-residencial-vista-do-bigorrilho",
    title: "Condomínio Residencial Vista do Bigorrilho",
    services:
      "Lavagem de fachada com produtos biodegradáveis, rejuntamento total do revestimento cerâmico e revisão dos selantes das esquadrias.",
    hasImages: true,
    images: [registro("Fachada principal", obra03)],
  },
  {
    id: "edificio-jardim-do-cabral",
    title: "Edifício Jardim do Cabral",
    services:
      "Recuperação estrutural de pilares e vigas da garagem, com limpeza e proteção das armaduras e recomposição em argamassa estrutural. Pintura do subsolo com demarcação de vagas e sinalização.",
    hasImages: true,
    images: [registro("Garagem", obra04), registro("Pilares do subsolo", obra04)],
  },
  {
    id: "residencial-bosque-do-juveve",
    title: "Residencial Bosque do Juvevê",
    services:
      "Impermeabilização de terraços e floreiras com membrana poliuretânica. Pintura das áreas comuns, incluindo hall de entrada, corredores e escadarias, executada por etapas com o prédio ocupado.",
    hasImages: true,
    images: [
      registro("Hall de entrada", obra05),
      registro("Terraço e floreiras", obra05),
      registro("Escadaria", obra05),
    ],
  },
  {
    id: "condominio-reserva-ecoville",
    title: "Condomínio Reserva Ecoville",
    services:
      "Restauração das fachadas das duas torres, com tratamento de fissuras e pintura em textura acrílica elastomérica. Recuperação das sacadas, com tratamento de ferragens e nova impermeabilização dos pisos.",
    hasImages: true,
    images: [registro("Fachada principal", obra06), registro("Sacadas", obra06)],
  },
  {
    id: "edificio-residencial-alto-da-xv",
    title: "Edifício Residencial Alto da XV",
    services:
      "Recuperação estrutural da marquise, com tratamento das armaduras corroídas e impermeabilização da laje. Substituição do piso da calçada de acesso por revestimento antiderrapante.",
    hasImages: true,
    images: [registro("Marquise", obra07), registro("Calçada e acesso", obra07)],
  },
  {
    id: "residencial-jardim-portao",
    title: "Residencial Jardim Portão",
    services:
      "Impermeabilização do reservatório superior e das caixas d'água. Rejuntamento da piscina e troca do piso da área de lazer por porcelanato antiderrapante.",
    hasImages: true,
    images: [registro("Reservatório superior", obra08), registro("Área da piscina", obra08)],
  },
  {
    id: "condominio-residencial-parque-boa-vista",
    title: "Condomínio Residencial Parque Boa Vista",
    services:
      "Lavagem e pintura geral das fachadas e dos muros, com correção de fissuras no reboco. Tratamento anticorrosivo e pintura de portões, grades e corrimãos.",
    hasImages: true,
    images: [registro("Fachada principal", obra09), registro("Muros e portões", obra09)],
  },
  {
    id: "torre-empresarial-candido-de-abreu",
    title: "Torre Empresarial Cândido de Abreu",
    services:
      "Lavagem da fachada em vidro e porcelanato, com reassentamento de placas soltas e revisão das juntas de movimentação. Impermeabilização da laje de cobertura, com os serviços programados fora do horário comercial.",
    hasImages: true,
    images: [registro("Fachada principal", obra10), registro("Platibanda e cobertura", obra10)],
  },
];
