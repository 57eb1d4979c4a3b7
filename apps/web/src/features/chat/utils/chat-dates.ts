import { DEFAULT_TIME_ZONE } from '@eproto/domain';

// Times are shown in the company's time zone (PRODUCT.md), whatever the device says.
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});
const weekdayFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long' });

/** Company-day key (YYYY-MM-DD) of an instant. */
export function dayKey(iso: string | Date): string {
  return dayFormat.format(new Date(iso));
}

/** "14:05" */
export function timeOf(iso: string): string {
  return timeFormat.format(new Date(iso));
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function brDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** Day separator text: "Hoje", "Ontem", "segunda-feira" within a week, else dd/mm/aaaa. */
export function dayLabel(day: string, now: Date = new Date()): string {
  const today = dayKey(now);
  if (day === today) return 'Hoje';
  if (day === shiftDay(today, -1)) return 'Ontem';
  if (day > shiftDay(today, -7) && day < today) {
    const weekday = weekdayFormat.format(new Date(`${day}T12:00:00Z`));
    return weekday.charAt(0).toUpperCase() + weekday.slice(1);
  }
  return brDate(day);
}

/** List preview time: "14:05" today, "Ontem", else dd/mm/aaaa. */
export function previewTime(iso: string, now: Date = new Date()): string {
  const day = dayKey(iso);
  const today = dayKey(now);
  if (day === today) return timeOf(iso);
  if (day === shiftDay(today, -1)) return 'Ontem';
  return brDate(day);
}
