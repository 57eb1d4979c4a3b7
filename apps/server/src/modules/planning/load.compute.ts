import {
  countWorkingDays,
  LOAD_WEEK_CAP_HOURS,
  type LoadWeek,
  type WorkingCalendar,
} from '@eproto/domain';
import type { LoadSlotRow, LoadTaskRow } from './load.repo.ts';

/**
 * The arithmetic of the team load (issue 36 point 3), pure: the service reads the rows and the
 * calendars, this spreads them over days and adds them up per ISO week.
 * Dates are 'YYYY-MM-DD'; slot times are local 'YYYY-MM-DDTHH:MM:SS' of the company's zone.
 */

const DAY_MS = 86_400_000;
const ms = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The day after `date`. */
export const nextDay = (date: string) => dayOf(ms(date) + DAY_MS);

/** The Monday of `date`'s ISO week. */
export function mondayOf(date: string): string {
  const t = ms(date);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dayOf(t - weekday * DAY_MS);
}

/** ISO 8601 week number of a Monday (the week of its Thursday). */
function isoWeekNumber(monday: string): number {
  const thursday = new Date(ms(monday) + 3 * DAY_MS);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
}

/** `count` ISO weeks from the week of `start`. */
export function weeksFrom(start: string, count: number): LoadWeek[] {
  const first = ms(mondayOf(start));
  return Array.from({ length: count }, (_, i) => {
    const inicio = dayOf(first + i * 7 * DAY_MS);
    return { inicio, fim: dayOf(ms(inicio) + 6 * DAY_MS), numero: isoWeekNumber(inicio) };
  });
}

/** Each day of [from, to]. */
function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) out.push(d);
  return out;
}

/** Adds `hours` to `day` of `into`. */
function add(into: Map<string, number>, day: string, hours: number) {
  into.set(day, (into.get(day) ?? 0) + hours);
}

/**
 * A task's estimated hours per day inside [from, to]: the estimate is spread evenly over the
 * task's working days in `cal` (the whole task, so a task reaching outside the period brings
 * only its share); a task with no working day at all (a Saturday task) spreads over its days.
 */
export function spreadTask(
  task: Pick<LoadTaskRow, 'inicio' | 'fim' | 'horas'>,
  cal: WorkingCalendar,
  from: string,
  to: string,
  into: Map<string, number>,
) {
  if (!task.horas || task.horas <= 0 || task.fim < task.inicio) return;
  const working = countWorkingDays(cal, task.inicio, task.fim);
  const days = working > 0 ? null : eachDay(task.inicio, task.fim).length;
  const share = task.horas / (working || days || 1);
  const start = task.inicio > from ? task.inicio : from;
  const end = task.fim < to ? task.fim : to;
  for (let d = start; d <= end; d = nextDay(d)) {
    if (working === 0 || cal.isWorkingDay(d)) add(into, d, share);
  }
}

/**
 * The hours of an agenda entry or OS per local day inside [from, to]: the part of its planned
 * time in each day, at most a working day's hours a day (a visit planned Monday 08:00 to
 * Wednesday 17:00 is three days of work, not 57 hours).
 */
export function spreadSlot(
  slot: Pick<LoadSlotRow, 'inicio' | 'fim'>,
  dayHours: number,
  from: string,
  to: string,
  into: Map<string, number>,
) {
  const start = Date.parse(`${slot.inicio}Z`);
  const end = Date.parse(`${slot.fim}Z`);
  for (let d = slot.inicio.slice(0, 10); d <= slot.fim.slice(0, 10); d = nextDay(d)) {
    if (d < from || d > to) continue;
    const dayStart = ms(d);
    const inside = Math.min(end, dayStart + DAY_MS) - Math.max(start, dayStart);
    if (inside > 0) add(into, d, Math.min(inside / 3_600_000, dayHours));
  }
}

/** The local days of [from, to] a slot touches (a vehicle's booked days). */
export function slotDays(slot: Pick<LoadSlotRow, 'inicio' | 'fim'>, from: string, to: string) {
  const out: string[] = [];
  // A slot ending exactly at midnight does not book the day it ends on.
  const last = slot.fim.slice(11) === '00:00:00' ? dayOf(ms(slot.fim) - DAY_MS) : slot.fim;
  for (let d = slot.inicio.slice(0, 10); d <= last.slice(0, 10); d = nextDay(d)) {
    if (d >= from && d <= to) out.push(d);
  }
  return out;
}

/** Sum of the values of `days` in [week.inicio, week.fim]. */
export function weekSum(days: ReadonlyMap<string, number>, week: LoadWeek): number {
  let sum = 0;
  for (const d of eachDay(week.inicio, week.fim)) sum += days.get(d) ?? 0;
  return sum;
}

/** A week's capacity: working days × the day's hours, never past the CLT's 44 h. */
export function weekCapacity(cal: WorkingCalendar, week: LoadWeek, dayHours: number) {
  const dias = countWorkingDays(cal, week.inicio, week.fim);
  return { dias, capacidade: Math.min(dias * dayHours, LOAD_WEEK_CAP_HOURS) };
}

/** Hours rounded to two decimals (what the API answers). */
export const hours2 = (h: number) => Math.round(h * 100) / 100;
