import { describe, expect, it } from 'vitest';
import {
  addDays,
  cascade,
  criticalPath,
  dependencyRefusal,
  diffDays,
  earliestStartAfter,
  findCycle,
  SCHEDULING_MESSAGES,
  startViolations,
  taskDuration,
  type ScheduleDependency,
  type ScheduleTask,
} from './scheduling.ts';

const task = (id: number, inicio: string | null, fim: string | null): ScheduleTask => ({
  id,
  inicio_previsto: inicio,
  fim_previsto: fim,
});
const dep = (succ: number, pred: number, lag = 0, id?: number): ScheduleDependency => ({
  id,
  protocol_id: succ,
  predecessor_id: pred,
  lag_days: lag,
});

describe('date arithmetic', () => {
  it('adds days across months, leap years and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(diffDays('2026-02-25', '2026-03-02')).toBe(5);
    expect(diffDays('2026-03-02', '2026-02-25')).toBe(-5);
  });

  it('counts durations with both ends inclusive', () => {
    expect(taskDuration(task(1, '2026-03-10', '2026-03-10'))).toBe(1);
    expect(taskDuration(task(1, '2026-03-10', '2026-03-14'))).toBe(5);
    expect(taskDuration(task(1, null, '2026-03-14'))).toBe(1);
    expect(taskDuration(task(1, null, null))).toBe(0);
  });

  it('earliest start is the day after the end plus lag', () => {
    const pred = task(1, '2026-03-02', '2026-03-06');
    expect(earliestStartAfter(pred, 0)).toBe('2026-03-07');
    expect(earliestStartAfter(pred, 2)).toBe('2026-03-09');
    expect(earliestStartAfter(pred, -1)).toBe('2026-03-06');
    expect(earliestStartAfter(pred, -3)).toBe('2026-03-04');
    expect(earliestStartAfter(task(1, null, null), 0)).toBeNull();
  });
});

describe('dependencyRefusal', () => {
  const deps = [dep(2, 1), dep(3, 2), dep(4, 3)];

  it('refuses a task depending on itself', () => {
    expect(dependencyRefusal([], 5, 5)).toBe(SCHEDULING_MESSAGES.self);
  });

  it('refuses a direct cycle', () => {
    expect(dependencyRefusal([dep(2, 1)], 1, 2)).toBe(SCHEDULING_MESSAGES.cycle);
  });

  it('refuses a transitive cycle', () => {
    expect(dependencyRefusal(deps, 1, 4)).toBe(SCHEDULING_MESSAGES.cycle);
    expect(dependencyRefusal(deps, 2, 4)).toBe(SCHEDULING_MESSAGES.cycle);
  });

  it('refuses a duplicate and a lag out of bounds', () => {
    expect(dependencyRefusal(deps, 2, 1)).toBe(SCHEDULING_MESSAGES.duplicate);
    expect(dependencyRefusal(deps, 5, 1, 366)).toBe(SCHEDULING_MESSAGES.lag);
    expect(dependencyRefusal(deps, 5, 1, 1.5)).toBe(SCHEDULING_MESSAGES.lag);
  });

  it('accepts diamonds, shortcuts and new links', () => {
    expect(dependencyRefusal(deps, 4, 1)).toBeNull(); // shortcut, not a cycle
    expect(dependencyRefusal(deps, 5, 4, -3)).toBeNull();
    expect(dependencyRefusal([dep(2, 1), dep(3, 1)], 4, 2)).toBeNull();
  });

  it('messages are Portuguese', () => {
    expect(SCHEDULING_MESSAGES.cycle).toMatch(/ciclo/);
    expect(SCHEDULING_MESSAGES.self).toMatch(/dela mesma/);
  });
});

describe('findCycle', () => {
  it('finds none in a DAG and one in a loop', () => {
    expect(findCycle([dep(2, 1), dep(3, 1), dep(4, 2), dep(4, 3)])).toBeNull();
    expect(findCycle([dep(2, 1), dep(3, 2), dep(1, 3)])).toEqual([1, 2, 3, 1]);
    expect(findCycle([dep(7, 7)])).toEqual([7, 7]);
  });
});

describe('startViolations', () => {
  const tasks = [task(1, '2026-03-02', '2026-03-06'), task(2, '2026-03-01', '2026-03-03')];
  const deps = [dep(3, 1, 0, 10), dep(3, 2, 5, 11)];

  it('lists the links a start would break, strictest first', () => {
    const v = startViolations(tasks, deps, 3, '2026-03-05');
    expect(v.map((x) => [x.dependency.id, x.earliest_start])).toEqual([
      [11, '2026-03-09'],
      [10, '2026-03-07'],
    ]);
  });

  it('allows a start on the earliest day and ignores undated starts', () => {
    expect(startViolations(tasks, deps, 3, '2026-03-09')).toEqual([]);
    expect(startViolations(tasks, deps, 3, null)).toEqual([]);
  });

  it('a lead lets the successor start before the predecessor ends', () => {
    expect(startViolations(tasks, [dep(3, 1, -2)], 3, '2026-03-05')).toEqual([]);
    expect(startViolations(tasks, [dep(3, 1, -2)], 3, '2026-03-04')).toHaveLength(1);
  });
});

describe('cascade', () => {
  it('pushes a direct successor keeping its duration (lag 0 = next day)', () => {
    const tasks = [task(1, '2026-03-02', '2026-03-06'), task(2, '2026-03-09', '2026-03-11')];
    const shifts = cascade(tasks, [dep(2, 1)], task(1, '2026-03-02', '2026-03-10'));
    expect(shifts).toEqual([
      {
        id: 2,
        shift_days: 2,
        before: { inicio_previsto: '2026-03-09', fim_previsto: '2026-03-11' },
        after: { inicio_previsto: '2026-03-11', fim_previsto: '2026-03-13' },
      },
    ]);
  });

  it('honours positive lags transitively', () => {
    const tasks = [
      task(1, '2026-03-02', '2026-03-06'),
      task(2, '2026-03-10', '2026-03-12'), // lag 3 -> earliest 10/03
      task(3, '2026-03-14', '2026-03-20'), // lag 1 -> earliest 14/03
    ];
    const deps = [dep(2, 1, 3), dep(3, 2, 1)];
    const shifts = cascade(tasks, deps, task(1, '2026-03-02', '2026-03-09'));
    expect(shifts.map((s) => [s.id, s.after.inicio_previsto, s.after.fim_previsto])).toEqual([
      [2, '2026-03-13', '2026-03-15'],
      [3, '2026-03-17', '2026-03-23'],
    ]);
  });

  it('honours negative lags (lead)', () => {
    const tasks = [task(1, '2026-03-02', '2026-03-06'), task(2, '2026-03-05', '2026-03-08')];
    // lead of 2: successor may start on 05/03 (end 06 + 1 - 2).
    expect(cascade(tasks, [dep(2, 1, -2)], task(1, '2026-03-02', '2026-03-06'))).toEqual([]);
    const shifts = cascade(tasks, [dep(2, 1, -2)], task(1, '2026-03-02', '2026-03-09'));
    expect(shifts.map((s) => [s.id, s.after.inicio_previsto, s.after.fim_previsto])).toEqual([
      [2, '2026-03-08', '2026-03-11'],
    ]);
  });

  it('never pulls successors back when the predecessor moves earlier', () => {
    const tasks = [task(1, '2026-03-02', '2026-03-06'), task(2, '2026-03-20', '2026-03-22')];
    expect(cascade(tasks, [dep(2, 1)], task(1, '2026-02-01', '2026-02-03'))).toEqual([]);
  });

  it('only moves successors that would be violated (slack absorbs the change)', () => {
    const tasks = [
      task(1, '2026-03-02', '2026-03-06'),
      task(2, '2026-03-10', '2026-03-12'),
      task(3, '2026-03-30', '2026-03-31'),
    ];
    const shifts = cascade(tasks, [dep(2, 1), dep(3, 2)], task(1, '2026-03-02', '2026-03-11'));
    expect(shifts.map((s) => s.id)).toEqual([2]);
    expect(shifts[0]?.after).toEqual({ inicio_previsto: '2026-03-12', fim_previsto: '2026-03-14' });
  });

  it('uses the strictest predecessor in a diamond and visits each task once', () => {
    const tasks = [
      task(1, '2026-03-01', '2026-03-02'),
      task(2, '2026-03-03', '2026-03-04'),
      task(3, '2026-03-03', '2026-03-10'),
      task(4, '2026-03-11', '2026-03-12'),
    ];
    const deps = [dep(2, 1), dep(3, 1), dep(4, 2, 0), dep(4, 3, 2)];
    const shifts = cascade(tasks, deps, task(1, '2026-03-01', '2026-03-05'));
    // 2: 06..07; 3: 06..13; 4 must start after max(07+1, 13+1+2) = 16/03.
    expect(shifts.map((s) => [s.id, s.after.inicio_previsto, s.after.fim_previsto])).toEqual([
      [2, '2026-03-06', '2026-03-07'],
      [3, '2026-03-06', '2026-03-13'],
      [4, '2026-03-16', '2026-03-17'],
    ]);
  });

  it('keeps an unrelated predecessor of a successor as a constraint', () => {
    const tasks = [
      task(1, '2026-03-01', '2026-03-02'),
      task(9, '2026-03-01', '2026-03-20'),
      task(2, '2026-03-21', '2026-03-22'),
    ];
    const shifts = cascade(tasks, [dep(2, 1), dep(2, 9)], task(1, '2026-03-01', '2026-03-25'));
    expect(shifts.map((s) => [s.id, s.after.inicio_previsto])).toEqual([[2, '2026-03-26']]);
  });

  it('moves one-dated successors and skips undated ones without breaking the chain', () => {
    const tasks = [
      task(1, '2026-03-01', '2026-03-02'),
      task(2, null, null),
      task(3, null, '2026-03-04'),
    ];
    const shifts = cascade(tasks, [dep(2, 1), dep(3, 1)], task(1, '2026-03-01', '2026-03-05'));
    expect(shifts).toEqual([
      {
        id: 3,
        shift_days: 2,
        before: { inicio_previsto: null, fim_previsto: '2026-03-04' },
        after: { inicio_previsto: null, fim_previsto: '2026-03-06' },
      },
    ]);
  });

  it('throws on a cycle', () => {
    const tasks = [task(1, '2026-03-01', '2026-03-02'), task(2, '2026-03-03', '2026-03-04')];
    expect(() => cascade(tasks, [dep(2, 1), dep(1, 2)], tasks[0] as ScheduleTask)).toThrow();
  });
});

describe('criticalPath', () => {
  it('is the longest chain by duration plus lags', () => {
    const tasks = [
      task(1, '2026-03-01', '2026-03-03'), // 3 days
      task(2, '2026-03-04', '2026-03-04'), // 1
      task(3, '2026-03-04', '2026-03-08'), // 5
      task(4, '2026-03-09', '2026-03-10'), // 2
      task(5, '2026-03-01', '2026-03-05'), // 5, alone
    ];
    const deps = [dep(2, 1, 0, 11), dep(3, 1, 0, 12), dep(4, 2, 0, 13), dep(4, 3, 0, 14)];
    const cp = criticalPath(tasks, deps);
    expect(cp.path).toEqual([1, 3, 4]);
    expect(cp.length_days).toBe(10);
    expect(cp.critical_task_ids).toEqual([1, 3, 4]);
    expect(cp.critical_dependency_ids).toEqual([12, 14]);
  });

  it('a lag can make a short task critical and a lead can take a chain off it', () => {
    const tasks = [
      task(1, '2026-03-01', '2026-03-03'), // 3
      task(2, '2026-03-04', '2026-03-04'), // 1
      task(3, '2026-03-04', '2026-03-06'), // 3
      task(4, '2026-03-20', '2026-03-21'), // 2
    ];
    const withLag = criticalPath(tasks, [dep(2, 1, 0), dep(3, 1, 0), dep(4, 2, 5), dep(4, 3, 0)]);
    expect(withLag.path).toEqual([1, 2, 4]);
    expect(withLag.length_days).toBe(11);
    const withLead = criticalPath(tasks, [dep(2, 1, -2)]);
    expect(withLead.path).toEqual([1]);
    expect(withLead.critical_task_ids).toEqual([1, 3]);
    expect(withLead.length_days).toBe(3);
  });

  it('marks every task of tied chains', () => {
    const tasks = [
      task(1, '2026-03-01', '2026-03-02'),
      task(2, '2026-03-03', '2026-03-04'),
      task(3, '2026-03-01', '2026-03-02'),
      task(4, '2026-03-03', '2026-03-04'),
    ];
    const cp = criticalPath(tasks, [dep(2, 1), dep(4, 3)]);
    expect(cp.path).toEqual([1, 2]);
    expect(cp.critical_task_ids).toEqual([1, 2, 3, 4]);
    expect(cp.length_days).toBe(4);
  });

  it('ignores links to tasks outside the set and handles an empty set', () => {
    expect(criticalPath([], []).path).toEqual([]);
    const cp = criticalPath([task(1, '2026-03-01', '2026-03-02')], [dep(1, 99, 10)]);
    expect(cp.path).toEqual([1]);
    expect(cp.length_days).toBe(2);
  });

  it('throws on a cycle', () => {
    const tasks = [task(1, '2026-03-01', '2026-03-02'), task(2, '2026-03-03', '2026-03-04')];
    expect(() => criticalPath(tasks, [dep(2, 1), dep(1, 2)])).toThrow();
  });
});
