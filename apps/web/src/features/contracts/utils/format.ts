import type { Contract } from '@eproto/domain';

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,56"; "—" when there is no value. */
export function formatMoney(value: number | null): string {
  return value === null ? '—' : BRL.format(value).replace(/\u00a0/g, ' ');
}

const BRL_COMPACT = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/**
 * "R$ 250 mil", "R$ 1,2 mi": a chart's value axis, short and joined by non-breaking spaces (the
 * chart breaks a tick at plain spaces when it is tight).
 */
export function formatMoneyShort(value: number): string {
  return BRL_COMPACT.format(value).replace(/\s/g, '\u00a0');
}

function dmy(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** The contract's term: "01/02/2026 a 31/01/2027", "desde 01/02/2026", "até ...", or "—". */
export function formatTerm(c: Pick<Contract, 'inicio' | 'fim'>): string {
  if (c.inicio && c.fim) return `${dmy(c.inicio)} a ${dmy(c.fim)}`;
  if (c.inicio) return `desde ${dmy(c.inicio)}`;
  if (c.fim) return `até ${dmy(c.fim)}`;
  return '—';
}

/** Share of concluded demands, 0–100 (0 when there are none). */
export function progressOf(c: Pick<Contract, 'demandas' | 'concluidas'>): number {
  return c.demandas === 0 ? 0 : Math.round((c.concluidas / c.demandas) * 100);
}
