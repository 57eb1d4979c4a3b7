import { dayjs } from '../../../lib/dates.ts';

/** Monday (YYYY-MM-DD) of the week of a date. */
export function mondayOf(date: string): string {
  const d = dayjs(date);
  const dow = d.day(); // 0 = Sunday
  return d.subtract(dow === 0 ? 6 : dow - 1, 'day').format('YYYY-MM-DD');
}

/** The 7 dates of the week starting at a Monday. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => dayjs(monday).add(i, 'day').format('YYYY-MM-DD'));
}

/** Local date (YYYY-MM-DD) of an instant. */
export const localDate = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** "08:00" */
export const hhmm = (iso: string) => dayjs(iso).format('HH:mm');

/** True when the entry touches that local day. */
export function onDay(entry: { inicio: string; fim: string }, day: string): boolean {
  const start = dayjs(day).startOf('day');
  const end = start.add(1, 'day');
  return dayjs(entry.inicio).isBefore(end) && dayjs(entry.fim).isAfter(start);
}

/** Period "21/11 08:00 – 12:00" (or across days). */
export function period(e: { inicio: string; fim: string }): string {
  const sameDay = localDate(e.inicio) === localDate(e.fim);
  const start = dayjs(e.inicio).format('ddd, DD/MM [·] HH:mm');
  return sameDay ? `${start} – ${hhmm(e.fim)}` : `${start} – ${dayjs(e.fim).format('DD/MM HH:mm')}`;
}
