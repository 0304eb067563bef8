// Counts as pt-BR writes them ("1.234"), with one formatter for the whole process: a
// `toLocaleString("pt-BR")` builds a new one on every call, which a page render feels.
const counts = new Intl.NumberFormat("pt-BR");

/** "1.234". */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** "1 solicitação", "0 solicitações", "1.234 solicitações": pt-BR's singular is for one alone. */
export function formatCountOf(n: number, noun: { one: string; many: string }): string {
  return `${counts.format(n)} ${n === 1 ? noun.one : noun.many}`;
}
