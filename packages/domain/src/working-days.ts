/**
 * Working days: a calendar is the set of days nobody works (weekends, holidays, company days
 * off). Pure and free of zod, so the Gantt's preview and the server's cascade count alike. The
 * server builds the set (holidays from `date-holidays` by the contract's state and city, plus the
 * company's days off; modules/calendar) and the web receives it as a list.
 *
 * Dates are plain 'YYYY-MM-DD' calendar dates, as in scheduling.ts.
 */

export interface WorkingCalendar {
  /** True on a day people work (not a weekend day, holiday or company day off). */
  isWorkingDay(date: string): boolean;
  /** Why a day is not worked ('Carnaval', 'Sábado'…), or null on a working day. */
  offReason(date: string): string | null;
}

const DAY_MS = 86_400_000;
const WEEKDAY_NAMES = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'];

/** Longest run of days off the arithmetic walks through before giving up (a bad calendar). */
const MAX_OFF_RUN = 400;

function toUtcMs(date: string): number {
  return Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
}

/** 0 = Sunday … 6 = Saturday (recurrence.ts has the same; this file stays free of zod). */
function weekdayOf(date: string): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

function shift(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A calendar from its days off (date → reason). `weekend` lists the weekdays nobody works
 * (Saturday and Sunday by default).
 */
export function createWorkingCalendar(
  offDays: ReadonlyMap<string, string> | Iterable<readonly [string, string]>,
  weekend: readonly number[] = [0, 6],
): WorkingCalendar {
  const off: ReadonlyMap<string, string> =
    offDays instanceof Map ? (offDays as ReadonlyMap<string, string>) : new Map(offDays);
  const rest = new Set(weekend);
  return {
    isWorkingDay: (date) => !rest.has(weekdayOf(date)) && !off.has(date),
    offReason(date) {
      const named = off.get(date);
      if (named) return named;
      const wd = weekdayOf(date);
      return rest.has(wd) ? (WEEKDAY_NAMES[wd] ?? null) : null;
    },
  };
}

/** Every day is worked: the calendar of a demand that plans in calendar days. */
export const CALENDAR_DAYS: WorkingCalendar = {
  isWorkingDay: () => true,
  offReason: () => null,
};

/** The first working day on or after `date`. */
export function nextWorkingDay(cal: WorkingCalendar, date: string): string {
  let d = date;
  for (let i = 0; !cal.isWorkingDay(d); i++) {
    if (i > MAX_OFF_RUN) throw new Error('Calendário sem dias úteis');
    d = shift(d, 1);
  }
  return d;
}

/** The last working day on or before `date`. */
export function previousWorkingDay(cal: WorkingCalendar, date: string): string {
  let d = date;
  for (let i = 0; !cal.isWorkingDay(d); i++) {
    if (i > MAX_OFF_RUN) throw new Error('Calendário sem dias úteis');
    d = shift(d, -1);
  }
  return d;
}

/**
 * Moves `n` working days from `date`: n > 0 forward, n < 0 backward, 0 gives the first
 * working day on or after `date`. From a day off, counting starts at the next working day
 * (forward) or the previous one (backward), which is the first step: Friday + 1 = Monday,
 * Saturday + 1 = Monday, Saturday + 2 = Tuesday.
 */
export function addWorkingDays(cal: WorkingCalendar, date: string, n: number): string {
  if (n === 0) return nextWorkingDay(cal, date);
  const step = n > 0 ? 1 : -1;
  let d = date;
  let left = Math.abs(n);
  let misses = 0;
  if (!cal.isWorkingDay(d)) {
    d = step > 0 ? nextWorkingDay(cal, d) : previousWorkingDay(cal, d);
    left -= 1;
  }
  while (left > 0) {
    d = shift(d, step);
    if (cal.isWorkingDay(d)) {
      left -= 1;
      misses = 0;
    } else if (++misses > MAX_OFF_RUN) {
      throw new Error('Calendário sem dias úteis');
    }
  }
  return d;
}

/** Working days from `from` to `to`, both included (0 when `to` is before `from`). */
export function countWorkingDays(cal: WorkingCalendar, from: string, to: string): number {
  let n = 0;
  for (let d = from; d <= to; d = shift(d, 1)) if (cal.isWorkingDay(d)) n += 1;
  return n;
}

/**
 * How many days `to` is after `from` in the calendar (negative when before): the working days
 * in (from, to] forward or in (to, from] backward. With CALENDAR_DAYS it is the plain day count.
 * A baseline's variance: Thursday → next Monday across a Friday holiday is 1.
 */
export function workingDaysDiff(cal: WorkingCalendar, from: string, to: string): number {
  if (to === from) return 0;
  return to > from
    ? countWorkingDays(cal, shift(from, 1), to)
    : -countWorkingDays(cal, shift(to, 1), from);
}
