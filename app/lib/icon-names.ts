// The icons a piece of content (a service, a reason) may show: the one list the content
// types, the admin's icon select and the server's validation are derived from. Each is drawn
// by components/ui/icon.tsx.

export const iconNames = [
  "droplets",
  "building",
  "spray",
  "paint-roller",
  "grid",
  "wrench",
  "layers",
  "clipboard-check",
  "shield-check",
  "users",
  "award",
  "clock",
  "handshake",
  "file-text",
  "badge-check",
  "headset",
  "hard-hat",
  "phone",
  "mail",
  "map-pin",
  "calendar",
  "message-circle",
  "star",
  "check",
] as const;

export type IconName = (typeof iconNames)[number];

/** What each icon shows, in pt-BR, for the admin's select. */
export const iconLabels: Record<IconName, string> = {
  droplets: "Gotas d'água",
  building: "Prédio",
  spray: "Jato de limpeza",
  "paint-roller": "Rolo de pintura",
  grid: "Revestimento (grade)",
  wrench: "Chave inglesa",
  layers: "Camadas",
  "clipboard-check": "Prancheta com visto",
  "shield-check": "Escudo com visto",
  users: "Pessoas",
  award: "Medalha",
  clock: "Relógio",
  handshake: "Aperto de mãos",
  "file-text": "Documento",
  "badge-check": "Selo com visto",
  headset: "Fone de atendimento",
  "hard-hat": "Capacete de obra",
  phone: "Telefone",
  mail: "E-mail",
  "map-pin": "Localização",
  calendar: "Calendário",
  "message-circle": "Mensagem",
  star: "Estrela",
  check: "Visto",
};

export function isIconName(value: string): value is IconName {
  return (iconNames as readonly string[]).includes(value);
}
