// Plain calendar dates as text and small text checks: pure functions and constants with no
// zod, so pages that format or check a date do not download the schemas (common.ts and
// field-common.ts re-export them under their usual names).

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Years a date may carry (a PostgreSQL date holds far more; people never mean those). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

/** True when a string is a real calendar date written YYYY-MM-DD, in years 1900..2999. */
export function isDateOnly(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** True when a string is an ISO date-time ('2026-03-10T08:30', with optional seconds and zone) on a real date. */
export function isIsoInstant(value: string): boolean {
  return (
    value.length <= 40 &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
    isDateOnly(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** The OpenAPI format of date-time fields. */
export const DATE_TIME_META = { format: 'date-time' } as const;

/** The OpenAPI format of date fields (the hostile-input test feeds them impossible dates). */
export const DATE_META = { format: 'date' } as const;

/** Plain calendar date YYYY-MM-DD that really exists (31/02 is refused), years 1900..2999. */
export function isValidDateOnly(value: string): boolean {
  return isDateOnly(value);
}

/** Days between two plain dates (b - a); positive when b is later. */
export function daysBetweenDates(a: string, b: string): number {
  const ms = Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** A plain date moved by n days. */
export function addDaysTo(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** dd/mm/aaaa of a plain date, for messages built on the server. */
export function formatDateBr(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** First letter upper-cased (labels like "o odômetro" start a sentence). */
export function capitalizeFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** NUL cannot be stored in PostgreSQL text: refuse it as bad input instead of failing later. */
export const hasNul = (s: string) => s.includes('\u0000');
