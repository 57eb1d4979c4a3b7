import { dayjs } from '../../../lib/dates.ts';

/** "qua, 26/11 · 08:00 – 12:00" (or across days). */
export function plannedPeriod(inicio: string, fim: string): string {
  const a = dayjs(inicio);
  const b = dayjs(fim);
  const start = a.format('ddd, DD/MM [·] HH:mm');
  return a.isSame(b, 'day')
    ? `${start} – ${b.format('HH:mm')}`
    : `${start} – ${b.format('DD/MM HH:mm')}`;
}

/** "26/11 14:32" */
export const shortDateTime = (iso: string) => dayjs(iso).format('DD/MM HH:mm');

// Made at the first amount, not when the module loads: the first Intl object of a page costs
// ~100 ms of a 4x slower phone's CPU, and Minha agenda ("Minhas OS abertas") and Meus EPIs
// (the APR card) load this module without showing any amount (issue 33).
let money: Intl.NumberFormat | undefined;

/** "R$ 1.234,50" */
export const formatBrl = (n: number) =>
  (money ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })).format(n);
