/**
 * Date conversions between the API (plain 'YYYY-MM-DD', both ends inclusive) and SVAR Gantt
 * (local Date objects, end exclusive: a one-day task on the 5th ends at 00:00 of the 6th).
 */

const HALF_DAY_MS = 12 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** Local midnight of a 'YYYY-MM-DD' date. */
export function toLocalDate(iso: string): Date {
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/** 'YYYY-MM-DD' of a local Date (the calendar day it falls on). */
export function toIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Calendar days added to a local date (DST-safe: built from the parts). */
export function addLocalDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/** SVAR bar of an inclusive date span. */
export function toBarDates(start: string, end: string): { start: Date; end: Date } {
  return { start: toLocalDate(start), end: addLocalDays(toLocalDate(end), 1) };
}

/**
 * Inclusive plain dates of a SVAR bar. Moves snap to whole days; a bound a few hours off
 * midnight (daylight-saving shifts) rounds to the nearest day.
 */
export function fromBarDates(
  start: Date,
  end: Date,
): { inicio_previsto: string; fim_previsto: string } {
  const first = toIsoDate(new Date(start.getTime() + HALF_DAY_MS));
  const last = toIsoDate(new Date(end.getTime() - HALF_DAY_MS));
  return { inicio_previsto: first, fim_previsto: last < first ? first : last };
}

/** Whole days between two 'YYYY-MM-DD' dates (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
