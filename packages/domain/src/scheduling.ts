/**
 * Scheduling rules for tasks (protocols): finish-to-start dependencies with lag, cycle refusal,
 * cascade of date changes to successors and the critical path. Pure functions, shared by the
 * server (PATCH dates, POST dependencies) and the web (Gantt preview and highlight).
 *
 * THE RULES (see docs/lab-notes.md "Task scheduling"):
 * - Dates are plain calendar dates 'YYYY-MM-DD' and a task occupies every day from inicio_previsto
 *   to fim_previsto INCLUSIVE (a task from 10/03 to 10/03 lasts one day).
 * - A demand plans in calendar days (weekends and holidays count like any other day) unless it is
 *   set to working days: then its tasks' lags and durations count working days of its calendar
 *   (working-days.ts), and a link's lag is counted in the successor's calendar. The functions
 *   below take `calendarOf(taskId)`; without it every day is a working day.
 * - Finish-to-start: a successor may start on the day AFTER its predecessor's end plus lag_days,
 *   i.e. earliest start = predecessor end + 1 + lag_days. lag 0 => the next day; lag 2 => two free
 *   days in between; lag -1 (lead) => the same day the predecessor ends.
 * - A task with only one of its dates is a one-day task on that date; a task with no planned date
 *   neither constrains its successors nor is constrained by its predecessors.
 * - Cascade only PUSHES: when a successor would start before its earliest start it moves forward
 *   by the missing days, keeping its duration (both dates move by the same number of days).
 *   Successors are never pulled back when a predecessor moves earlier or gets shorter: the slack
 *   that appears is the planner's to use, and pulling would undo deliberate manual planning.
 * - The task being moved is not clamped: the server refuses a start before the earliest start its
 *   predecessors allow (see `startViolations`).
 */

import {
  addWorkingDays,
  CALENDAR_DAYS,
  countWorkingDays,
  type WorkingCalendar,
} from './working-days.ts';

/** Minimal shape of a task for scheduling; dates 'YYYY-MM-DD' or null. */
export interface ScheduleTask {
  id: number;
  inicio_previsto: string | null;
  fim_previsto: string | null;
}

/** A finish-to-start link: `protocol_id` (successor) starts after `predecessor_id` ends + lag. */
export interface ScheduleDependency {
  id?: number;
  protocol_id: number;
  predecessor_id: number;
  lag_days: number;
}

/** Largest lag or lead accepted, in days. */
export const MAX_LAG_DAYS = 365;

const DAY_MS = 86_400_000;

function toUtcMs(date: string): number {
  return Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
}

/** Adds (or with a negative number subtracts) calendar days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Effective start of a task (inicio_previsto, else fim_previsto), null when undated. */
export function taskStart(
  t: Pick<ScheduleTask, 'inicio_previsto' | 'fim_previsto'>,
): string | null {
  return t.inicio_previsto ?? t.fim_previsto;
}

/** Effective end of a task (fim_previsto, else inicio_previsto), null when undated. */
export function taskEnd(t: Pick<ScheduleTask, 'inicio_previsto' | 'fim_previsto'>): string | null {
  return t.fim_previsto ?? t.inicio_previsto;
}

/** Duration in days, both ends inclusive (one-day task = 1); 0 when undated. */
export function taskDuration(t: Pick<ScheduleTask, 'inicio_previsto' | 'fim_previsto'>): number {
  const s = taskStart(t);
  const e = taskEnd(t);
  if (s === null || e === null) return 0;
  return Math.max(1, diffDays(s, e) + 1);
}

/** Which calendar a task's dates count in (its demand's); calendar days when absent. */
export type CalendarOf = (taskId: number) => WorkingCalendar;
const calendarDays: CalendarOf = () => CALENDAR_DAYS;

/** Duration in working days of `calendar`, both ends inclusive (at least 1); 0 when undated. */
export function taskWorkingDuration(
  t: Pick<ScheduleTask, 'inicio_previsto' | 'fim_previsto'>,
  calendar: WorkingCalendar = CALENDAR_DAYS,
): number {
  if (calendar === CALENDAR_DAYS) return taskDuration(t);
  const s = taskStart(t);
  const e = taskEnd(t);
  if (s === null || e === null) return 0;
  return Math.max(1, countWorkingDays(calendar, s, e));
}

/**
 * Earliest start a predecessor allows: its end + 1 + lag days (working days of `calendar`, the
 * successor's); null when it has no dates.
 */
export function earliestStartAfter(
  predecessor: Pick<ScheduleTask, 'inicio_previsto' | 'fim_previsto'>,
  lagDays: number,
  calendar: WorkingCalendar = CALENDAR_DAYS,
): string | null {
  const end = taskEnd(predecessor);
  if (end === null) return null;
  return calendar === CALENDAR_DAYS
    ? addDays(end, 1 + lagDays)
    : addWorkingDays(calendar, end, 1 + lagDays);
}

/** A task's dates moved to start on `start`, keeping its length in working days of `calendar`. */
function movedTo(task: ScheduleTask, start: string, calendar: WorkingCalendar) {
  const from = taskStart(task) as string;
  if (calendar === CALENDAR_DAYS) {
    const n = diffDays(from, start);
    return {
      inicio_previsto: task.inicio_previsto && addDays(task.inicio_previsto, n),
      fim_previsto: task.fim_previsto && addDays(task.fim_previsto, n),
    };
  }
  const end = taskEnd(task) as string;
  const length = Math.max(1, countWorkingDays(calendar, from, end));
  const newEnd = addWorkingDays(calendar, start, length - 1);
  return {
    inicio_previsto: task.inicio_previsto && start,
    fim_previsto: task.fim_previsto && (task.inicio_previsto ? newEnd : start),
  };
}

function successorsIndex(deps: readonly ScheduleDependency[]): Map<number, ScheduleDependency[]> {
  const out = new Map<number, ScheduleDependency[]>();
  for (const d of deps) {
    const list = out.get(d.predecessor_id);
    if (list) list.push(d);
    else out.set(d.predecessor_id, [d]);
  }
  return out;
}

function predecessorsIndex(deps: readonly ScheduleDependency[]): Map<number, ScheduleDependency[]> {
  const out = new Map<number, ScheduleDependency[]>();
  for (const d of deps) {
    const list = out.get(d.protocol_id);
    if (list) list.push(d);
    else out.set(d.protocol_id, [d]);
  }
  return out;
}

/** True when `to` can be reached from `from` following predecessor -> successor links. */
function reaches(succ: Map<number, ScheduleDependency[]>, from: number, to: number): boolean {
  const seen = new Set<number>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const cur = stack.pop() as number;
    if (cur === to) return true;
    for (const d of succ.get(cur) ?? []) {
      if (!seen.has(d.protocol_id)) {
        seen.add(d.protocol_id);
        stack.push(d.protocol_id);
      }
    }
  }
  return false;
}

export const SCHEDULING_MESSAGES = {
  self: 'Uma tarefa não pode depender dela mesma.',
  cycle: 'Esta dependência criaria um ciclo: a tarefa predecessora já depende desta tarefa.',
  duplicate: 'Esta dependência já existe.',
  lag: `O intervalo deve ser um número inteiro de dias entre -${MAX_LAG_DAYS} e ${MAX_LAG_DAYS}.`,
} as const;

/**
 * Why a new link "`successorId` depends on `predecessorId`" must be refused (Portuguese
 * message), or null when it may be added: self-dependency, duplicate, or a cycle.
 */
export function dependencyRefusal(
  deps: readonly ScheduleDependency[],
  successorId: number,
  predecessorId: number,
  lagDays = 0,
): string | null {
  if (successorId === predecessorId) return SCHEDULING_MESSAGES.self;
  if (!Number.isInteger(lagDays) || Math.abs(lagDays) > MAX_LAG_DAYS) {
    return SCHEDULING_MESSAGES.lag;
  }
  if (deps.some((d) => d.protocol_id === successorId && d.predecessor_id === predecessorId)) {
    return SCHEDULING_MESSAGES.duplicate;
  }
  // predecessor -> successor closes a loop when the successor already leads to the predecessor.
  if (reaches(successorsIndex(deps), successorId, predecessorId)) return SCHEDULING_MESSAGES.cycle;
  return null;
}

/** Ids of one cycle in the graph (first id repeated at the end), or null when it is acyclic. */
export function findCycle(deps: readonly ScheduleDependency[]): number[] | null {
  const succ = successorsIndex(deps);
  const state = new Map<number, 1 | 2>(); // 1 = on the current path, 2 = done
  const path: number[] = [];
  const visit = (n: number): number[] | null => {
    state.set(n, 1);
    path.push(n);
    for (const d of succ.get(n) ?? []) {
      const s = state.get(d.protocol_id);
      if (s === 1) return [...path.slice(path.indexOf(d.protocol_id)), d.protocol_id];
      if (s === undefined) {
        const found = visit(d.protocol_id);
        if (found) return found;
      }
    }
    path.pop();
    state.set(n, 2);
    return null;
  };
  const nodes = [...new Set(deps.flatMap((d) => [d.predecessor_id, d.protocol_id]))].sort(
    (a, b) => a - b,
  );
  for (const n of nodes) {
    if (!state.has(n)) {
      const found = visit(n);
      if (found) return found;
    }
  }
  return null;
}

/** A predecessor link the start of a task breaks, with the earliest start it allows. */
export interface StartViolation {
  dependency: ScheduleDependency;
  earliest_start: string;
}

/**
 * The links of `taskId` that a start on `start` would break (start before predecessor end + 1 +
 * lag), latest earliest-start first. Empty when the start is allowed or null.
 */
export function startViolations(
  tasks: readonly ScheduleTask[],
  deps: readonly ScheduleDependency[],
  taskId: number,
  start: string | null,
  calendarOf: CalendarOf = calendarDays,
): StartViolation[] {
  if (start === null) return [];
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const calendar = calendarOf(taskId);
  const out: StartViolation[] = [];
  for (const d of deps) {
    if (d.protocol_id !== taskId) continue;
    const pred = byId.get(d.predecessor_id);
    const earliest = pred ? earliestStartAfter(pred, d.lag_days, calendar) : null;
    if (earliest !== null && start < earliest)
      out.push({ dependency: d, earliest_start: earliest });
  }
  return out.sort((a, b) => b.earliest_start.localeCompare(a.earliest_start));
}

/** One task moved by a cascade: its dates before and after, and by how many days. */
export interface CascadeShift {
  id: number;
  shift_days: number;
  before: { inicio_previsto: string | null; fim_previsto: string | null };
  after: { inicio_previsto: string | null; fim_previsto: string | null };
}

/**
 * Applies new dates to `changed.id` and pushes every successor (transitively) that would start
 * before its earliest start forward to that start, keeping its duration (in working days when
 * its calendar has days off). Returns only the successors that moved, in dependency order (the
 * changed task itself is not included). Throws when the graph has a cycle (the server never
 * stores one).
 */
export function cascade(
  tasks: readonly ScheduleTask[],
  deps: readonly ScheduleDependency[],
  changed: ScheduleTask,
  calendarOf: CalendarOf = calendarDays,
): CascadeShift[] {
  const current = new Map<number, ScheduleTask>(tasks.map((t) => [t.id, { ...t }]));
  current.set(changed.id, { ...changed });
  const succ = successorsIndex(deps);
  const preds = predecessorsIndex(deps);

  // The part of the graph downstream of the changed task, visited in topological order (Kahn).
  const downstream = new Set<number>();
  const stack = [changed.id];
  while (stack.length > 0) {
    const cur = stack.pop() as number;
    for (const d of succ.get(cur) ?? []) {
      if (!downstream.has(d.protocol_id)) {
        downstream.add(d.protocol_id);
        stack.push(d.protocol_id);
      }
    }
  }
  if (downstream.has(changed.id)) throw new Error('Dependency cycle');
  const pending = new Map<number, number>();
  for (const id of downstream) {
    pending.set(id, (preds.get(id) ?? []).filter((d) => downstream.has(d.predecessor_id)).length);
  }
  const ready = [...downstream].filter((id) => pending.get(id) === 0).sort((a, b) => a - b);
  const shifts: CascadeShift[] = [];
  let visited = 0;
  while (ready.length > 0) {
    const id = ready.shift() as number;
    visited += 1;
    const task = current.get(id);
    const start = task ? taskStart(task) : null;
    if (task && start !== null) {
      const calendar = calendarOf(id);
      let required: string | null = null;
      for (const d of preds.get(id) ?? []) {
        const pred = current.get(d.predecessor_id);
        const earliest = pred ? earliestStartAfter(pred, d.lag_days, calendar) : null;
        if (earliest !== null && (required === null || earliest > required)) required = earliest;
      }
      if (required !== null && start < required) {
        const n = diffDays(start, required);
        const before = { inicio_previsto: task.inicio_previsto, fim_previsto: task.fim_previsto };
        Object.assign(task, movedTo(task, required, calendar));
        shifts.push({
          id,
          shift_days: n,
          before,
          after: { inicio_previsto: task.inicio_previsto, fim_previsto: task.fim_previsto },
        });
      }
    }
    for (const d of succ.get(id) ?? []) {
      const left = (pending.get(d.protocol_id) ?? 0) - 1;
      pending.set(d.protocol_id, left);
      if (left === 0) ready.push(d.protocol_id);
    }
  }
  if (visited !== downstream.size) throw new Error('Dependency cycle');
  return shifts;
}

/** The critical path: task ids of one longest chain, the link ids on it, and its length. */
export interface CriticalPath {
  /** Ids of one longest chain, first to last. */
  path: number[];
  /** Every task lying on some longest chain (for highlighting when there are ties). */
  critical_task_ids: number[];
  /** Dependency ids (when given) lying on some longest chain. */
  critical_dependency_ids: number[];
  /** Sum of durations (days, inclusive; working days in a working-day plan) plus lags. */
  length_days: number;
}

/**
 * Longest path through the dependency graph, weighing each task by its duration in days and each
 * link by its lag (a lead shortens the chain). Undated tasks weigh 0. Ties pick the chain with
 * the lowest ids. Throws on a cycle.
 */
export function criticalPath(
  tasks: readonly ScheduleTask[],
  deps: readonly ScheduleDependency[],
  calendarOf: CalendarOf = calendarDays,
): CriticalPath {
  const ids = new Set(tasks.map((t) => t.id));
  const links = deps.filter((d) => ids.has(d.protocol_id) && ids.has(d.predecessor_id));
  const dur = new Map(tasks.map((t) => [t.id, taskWorkingDuration(t, calendarOf(t.id))]));
  const succ = successorsIndex(links);
  const preds = predecessorsIndex(links);
  const indeg = new Map<number, number>([...ids].map((id) => [id, preds.get(id)?.length ?? 0]));
  const ready = [...ids].filter((id) => indeg.get(id) === 0).sort((a, b) => a - b);
  const order: number[] = [];
  while (ready.length > 0) {
    const id = ready.shift() as number;
    order.push(id);
    for (const d of succ.get(id) ?? []) {
      const left = (indeg.get(d.protocol_id) ?? 0) - 1;
      indeg.set(d.protocol_id, left);
      if (left === 0) ready.push(d.protocol_id);
    }
  }
  if (order.length !== ids.size) throw new Error('Dependency cycle');

  // fwd: longest chain ending at a task (inclusive); bwd: longest chain starting at it.
  const fwd = new Map<number, number>();
  const via = new Map<number, number>();
  for (const id of order) {
    let best = 0;
    let from: number | undefined;
    for (const d of preds.get(id) ?? []) {
      const v = (fwd.get(d.predecessor_id) ?? 0) + d.lag_days;
      if (v > best || (v === best && from !== undefined && d.predecessor_id < from)) {
        best = v;
        from = d.predecessor_id;
      }
    }
    fwd.set(id, best + (dur.get(id) ?? 0));
    if (from !== undefined) via.set(id, from);
  }
  const bwd = new Map<number, number>();
  for (const id of [...order].reverse()) {
    let best = 0;
    for (const d of succ.get(id) ?? [])
      best = Math.max(best, (bwd.get(d.protocol_id) ?? 0) + d.lag_days);
    bwd.set(id, best + (dur.get(id) ?? 0));
  }
  if (order.length === 0) {
    return { path: [], critical_task_ids: [], critical_dependency_ids: [], length_days: 0 };
  }
  let end = order[0] as number;
  for (const id of order) {
    const v = fwd.get(id) ?? 0;
    const bestV = fwd.get(end) ?? 0;
    if (v > bestV || (v === bestV && id < end)) end = id;
  }
  const length = fwd.get(end) ?? 0;
  const path = [end];
  for (let cur = via.get(end); cur !== undefined; cur = via.get(cur)) path.unshift(cur);
  const critical = order
    .filter((id) => (fwd.get(id) ?? 0) + (bwd.get(id) ?? 0) - (dur.get(id) ?? 0) === length)
    .sort((a, b) => a - b);
  const criticalLinks = links
    .filter(
      (d) =>
        d.id !== undefined &&
        (fwd.get(d.predecessor_id) ?? 0) + d.lag_days + (bwd.get(d.protocol_id) ?? 0) === length,
    )
    .map((d) => d.id as number)
    .sort((a, b) => a - b);
  return {
    path,
    critical_task_ids: critical,
    critical_dependency_ids: criticalLinks,
    length_days: length,
  };
}
