import { dayjs } from '../../../lib/dates.ts';

/** "26/11/2026, 07:00 às 17:00" of a one-day shift, in the phone's time. */
export function shiftLabel(inicio: string, fim: string): string {
  const a = dayjs(inicio);
  const b = dayjs(fim);
  return `${a.format('DD/MM/YYYY')}, ${a.format('HH:mm')} às ${b.format('HH:mm')}`;
}

/** ISO instant of a local date ('YYYY-MM-DD') and time ('HH:mm'); null when either is wrong. */
export function toInstant(date: string | null, time: string): string | null {
  if (!date || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const d = dayjs(`${date}T${time}`);
  return d.isValid() ? d.toISOString() : null;
}
