import type { Statistic } from "./types";

export const stats: Statistic[] = [
  { number: "200+", label: "Obras realizadas" },
  { number: "10+", label: "Anos de experiência" },
  { number: "100%", label: "Clientes satisfeitos" },
  { number: "24/7", label: "Suporte técnico" },
];
