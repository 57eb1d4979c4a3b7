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

const MONEY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 1.234,50" */
export const formatBrl = (n: number) => MONEY.format(n);
