import { describe, expect, it } from 'vitest';
import {
  cascade,
  criticalPath,
  earliestStartAfter,
  startViolations,
  type ScheduleTask,
} from './scheduling.ts';
import {
  addWorkingDays,
  CALENDAR_DAYS,
  countWorkingDays,
  createWorkingCalendar,
  nextWorkingDay,
  previousWorkingDay,
} from './working-days.ts';

// São Paulo (capital), 2027, as the server builds it from date-holidays: Carnaval is Monday 8
// and Tuesday 9 of February, Corpus Christi Thursday 27 of May, the city's anniversary 25 of
// January (municipal), plus a company day off on the Friday after Corpus Christi.
const SP_2027 = createWorkingCalendar([
  ['2027-01-01', 'Ano Novo'],
  ['2027-01-25', 'Aniversário de São Paulo'],
  ['2027-02-08', 'Carnaval'],
  ['2027-02-09', 'Carnaval'],
  ['2027-03-26', 'Sexta-Feira Santa'],
  ['2027-05-27', 'Corpus Christi'],
  ['2027-05-28', 'Emenda de Corpus Christi'],
]);

const task = (id: number, inicio: string | null, fim: string | null): ScheduleTask => ({
  id,
  inicio_previsto: inicio,
  fim_previsto: fim,
});

describe('working-day arithmetic', () => {
  it('skips Carnaval: Friday before + 1 working day is Ash Wednesday', () => {
    expect(addWorkingDays(SP_2027, '2027-02-05', 1)).toBe('2027-02-10');
    expect(addWorkingDays(SP_2027, '2027-02-10', -1)).toBe('2027-02-05');
    expect(countWorkingDays(SP_2027, '2027-02-05', '2027-02-12')).toBe(4);
    expect(SP_2027.offReason('2027-02-09')).toBe('Carnaval');
    expect(SP_2027.offReason('2027-02-06')).toBe('Sábado');
    expect(SP_2027.offReason('2027-02-10')).toBeNull();
  });

  it('skips Corpus Christi and the company day off after it (a four-day weekend)', () => {
    expect(addWorkingDays(SP_2027, '2027-05-26', 1)).toBe('2027-05-31');
    expect(nextWorkingDay(SP_2027, '2027-05-27')).toBe('2027-05-31');
    expect(previousWorkingDay(SP_2027, '2027-05-30')).toBe('2027-05-26');
    expect(countWorkingDays(SP_2027, '2027-05-24', '2027-06-04')).toBe(8);
  });

  it('skips a municipal holiday that falls on a Monday', () => {
    expect(addWorkingDays(SP_2027, '2027-01-22', 1)).toBe('2027-01-26');
    expect(addWorkingDays(SP_2027, '2027-01-22', 5)).toBe('2027-02-01');
  });

  it('counts from a day off: its next working day is the first step', () => {
    expect(addWorkingDays(SP_2027, '2027-02-06', 1)).toBe('2027-02-10');
    expect(addWorkingDays(SP_2027, '2027-02-06', 2)).toBe('2027-02-11');
    expect(addWorkingDays(SP_2027, '2027-02-06', 0)).toBe('2027-02-10');
    expect(addWorkingDays(SP_2027, '2027-02-07', -1)).toBe('2027-02-05');
  });

  it('calendar days: every day counts, as before', () => {
    expect(addWorkingDays(CALENDAR_DAYS, '2027-02-05', 1)).toBe('2027-02-06');
    expect(countWorkingDays(CALENDAR_DAYS, '2027-02-05', '2027-02-12')).toBe(8);
  });

  it('refuses a calendar without working days instead of looping', () => {
    const never = createWorkingCalendar([], [0, 1, 2, 3, 4, 5, 6]);
    expect(() => addWorkingDays(never, '2027-01-04', 1)).toThrow('Calendário sem dias úteis');
  });
});

describe('scheduling in working days', () => {
  const cal = () => SP_2027;

  it('lag counts working days of the successor: 2 days after Friday before Carnaval', () => {
    const pred = task(1, '2027-02-01', '2027-02-05');
    expect(earliestStartAfter(pred, 0, SP_2027)).toBe('2027-02-10');
    expect(earliestStartAfter(pred, 2, SP_2027)).toBe('2027-02-12');
    expect(earliestStartAfter(pred, -1, SP_2027)).toBe('2027-02-05');
    // The same link in calendar days: the Saturday.
    expect(earliestStartAfter(pred, 0)).toBe('2027-02-06');
  });

  it('refuses a start in the Carnaval gap only in working-day plans', () => {
    const tasks = [task(1, '2027-02-01', '2027-02-05'), task(2, '2027-02-08', '2027-02-12')];
    const deps = [{ protocol_id: 2, predecessor_id: 1, lag_days: 0 }];
    expect(startViolations(tasks, deps, 2, '2027-02-08', cal)[0]?.earliest_start).toBe(
      '2027-02-10',
    );
    expect(startViolations(tasks, deps, 2, '2027-02-08')).toEqual([]);
  });

  it('cascade keeps the successor’s length in working days across Corpus Christi', () => {
    // B: Mon 17 → Wed 19 May (3 working days), right after A. A grows by 6 working days.
    const tasks = [task(1, '2027-05-10', '2027-05-14'), task(2, '2027-05-17', '2027-05-19')];
    const deps = [{ protocol_id: 2, predecessor_id: 1, lag_days: 0 }];
    const [moved] = cascade(tasks, deps, task(1, '2027-05-10', '2027-05-24'), cal);
    // A ends Mon 24; B starts Tue 25, lasts 3 working days: 25, 26, (27–30 off) 31.
    expect(moved?.after).toEqual({ inicio_previsto: '2027-05-25', fim_previsto: '2027-05-31' });
    expect(moved?.shift_days).toBe(8);
    // In calendar days the same push keeps 3 calendar days: 25 → 27.
    const [plain] = cascade(tasks, deps, task(1, '2027-05-10', '2027-05-24'));
    expect(plain?.after).toEqual({ inicio_previsto: '2027-05-25', fim_previsto: '2027-05-27' });
  });

  it('the critical path counts working days', () => {
    const tasks = [task(1, '2027-02-01', '2027-02-12'), task(2, '2027-02-15', '2027-02-15')];
    const deps = [{ protocol_id: 2, predecessor_id: 1, lag_days: 0 }];
    expect(criticalPath(tasks, deps, cal).length_days).toBe(9);
    expect(criticalPath(tasks, deps).length_days).toBe(13);
  });
});
