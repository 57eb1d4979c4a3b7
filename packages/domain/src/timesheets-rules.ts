import { addDaysTo } from './plain-dates.ts';

/** The most one person works in a day, in minutes. */
export const DAY_MINUTES = 24 * 60;

/** Message of hours that cannot be read. */
export const HOURS_TEXT_ERROR = 'Horas inválidas: use 1,5 ou 1:30.';
/** Message of more than a day in one entry or in one day. */
export const HOURS_DAY_LIMIT = 'Um dia tem no máximo 24 horas.';

/**
 * Minutes of hours as a Brazilian types them: "1,5" (or "1.5") = 90, "1:30" = 90, "2" = 120,
 * "0,25" = 15; null when the text is not hours.
 */
export function parseHoursText(text: string): number | null {
  const t = text.trim().replace(/\s*h$/i, '');
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(t);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const dec = /^(\d{1,2})(?:[,.](\d{1,2}))?$/.exec(t);
  if (!dec) return null;
  return Math.round((Number(dec[1]) + Number(`0.${dec[2] ?? '0'}`)) * 60);
}

/** Minutes as a timesheet cell shows them: 90 → "1:30", 0 → "0:00". */
export function clockHours(min: number): string {
  const h = Math.floor(min / 60);
  return `${h}:${String(min % 60).padStart(2, '0')}`;
}

/** Monday (YYYY-MM-DD) of the week of a plain date. */
export function weekStartOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDaysTo(date, -((day + 6) % 7));
}

/** The seven days (Monday to Sunday) of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDaysTo(monday, i));
}

/** A week of hours: open (the person still adds to it) or approved (locked). */
export const TIMESHEET_STATUS = ['aberta', 'aprovada'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUS)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = {
  aberta: 'Aberta',
  aprovada: 'Aprovada',
};

/** Where a line of hours comes from. */
export const TIMESHEET_SOURCES = ['os', 'tarefa', 'contrato'] as const;
export type TimesheetSource = (typeof TIMESHEET_SOURCES)[number];
export const TIMESHEET_SOURCE_LABELS: Record<TimesheetSource, string> = {
  os: 'Ordem de serviço',
  tarefa: 'Tarefa',
  contrato: 'Contrato',
};

/** The one refusal of a change to an approved week. */
export const TIMESHEET_LOCKED =
  'Semana aprovada: as horas estão travadas. Peça ao coordenador para reabri-la.';
