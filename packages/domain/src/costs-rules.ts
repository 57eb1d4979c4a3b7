/** What a contract's actual cost is made of (issue 36 point 5), in the order shown. */
export const COST_KINDS = ['mao_de_obra', 'materiais', 'combustivel', 'manutencao', 'epi'] as const;
export type CostKind = (typeof COST_KINDS)[number];

export const COST_KIND_LABELS: Record<CostKind, string> = {
  mao_de_obra: 'Mão de obra',
  materiais: 'Materiais',
  combustivel: 'Combustível',
  manutencao: 'Manutenção',
  epi: 'EPI',
};

/** Highest hourly rate accepted: R$ 100.000,00 an hour. */
export const COST_RATE_MAX = 100_000;

/** Longest period of one cost report or export, in months. */
export const COST_MONTHS_MAX = 36;

/** "2026-11" → "nov/2026". */
export function monthLabel(month: string): string {
  const names = [
    'jan',
    'fev',
    'mar',
    'abr',
    'mai',
    'jun',
    'jul',
    'ago',
    'set',
    'out',
    'nov',
    'dez',
  ];
  const [y, m] = month.split('-');
  return `${names[Number(m) - 1] ?? m}/${y}`;
}
