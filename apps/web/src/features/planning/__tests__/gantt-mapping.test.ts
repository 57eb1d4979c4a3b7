import type { GanttLink, GanttTask, TeamMember } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import {
  addLocalDays,
  daysBetween,
  fromBarDates,
  toBarDates,
  toIsoDate,
  toLocalDate,
} from '../gantt/gantt-dates.ts';
import {
  arrows,
  criticalLinkIds,
  flatRows,
  groupedRows,
  idleMembers,
  withBaseline,
} from '../gantt/gantt-rows.ts';
import { cellHasToday, todayOffsetPercent } from '../gantt/gantt-scales.ts';
import { defaultPeriod, parseGanttParams, shiftPeriod } from '../gantt/use-gantt-params.ts';
import { realSpan } from '../gantt/task-bar.tsx';

let seq = 0;
function task(v: Partial<GanttTask>): GanttTask {
  seq += 1;
  return {
    id: seq,
    mural_id: 1,
    mural_titulo: 'Demanda A',
    titulo: `Tarefa ${seq}`,
    stage: 'a_fazer',
    prioridade: 'media',
    responsavel_id: null,
    responsavel_nome: null,
    responsavel_avatar: null,
    start: '2026-03-02',
    end: '2026-03-04',
    inicio_previsto: '2026-03-02',
    fim_previsto: '2026-03-04',
    inicio_real: null,
    fim_real: null,
    atrasada: false,
    critical: false,
    editable: true,
    links: { web: `/eproto/protocols/${seq}`, api: '' },
    mural_version: '2026-03-01T12:00:00.000Z',
    ...v,
  };
}

describe('gantt dates', () => {
  it('turns inclusive plain dates into an exclusive-end bar and back', () => {
    const bar = toBarDates('2026-03-02', '2026-03-04');
    expect(bar.start).toEqual(new Date(2026, 2, 2));
    expect(bar.end).toEqual(new Date(2026, 2, 5));
    expect(fromBarDates(bar.start, bar.end)).toEqual({
      inicio_previsto: '2026-03-02',
      fim_previsto: '2026-03-04',
    });
    // one-day bar
    const one = toBarDates('2026-12-31', '2026-12-31');
    expect(toIsoDate(one.end)).toBe('2027-01-01');
    expect(fromBarDates(one.start, one.end)).toEqual({
      inicio_previsto: '2026-12-31',
      fim_previsto: '2026-12-31',
    });
  });

  it('rounds bounds a few hours off midnight to the nearest day', () => {
    const start = new Date(2026, 9, 18, 23, 0); // a DST-shifted midnight of the 19th
    const end = new Date(2026, 9, 21, 1, 0);
    expect(fromBarDates(start, end)).toEqual({
      inicio_previsto: '2026-10-19',
      fim_previsto: '2026-10-20',
    });
  });

  it('adds and counts calendar days', () => {
    expect(toIsoDate(addLocalDays(toLocalDate('2028-02-28'), 1))).toBe('2028-02-29');
    expect(daysBetween('2026-01-30', '2026-03-01')).toBe(30);
  });
});

describe('gantt rows', () => {
  it('lists one demand by start date, flat', () => {
    const late = task({ start: '2026-03-10', end: '2026-03-12' });
    const early = task({ start: '2026-03-01', end: '2026-03-02' });
    const rows = flatRows([late, early]);
    expect(rows.map((r) => r.id)).toEqual([early.id, late.id]);
    expect(rows[0]).toMatchObject({ type: 'task', parent: 0, kind: 'task', text: early.titulo });
  });

  it('groups by person, named alphabetically with "Sem responsável" last', () => {
    const a = task({
      responsavel_id: 7,
      responsavel_nome: 'Ana',
      start: '2026-03-05',
      end: '2026-03-06',
    });
    const b = task({ responsavel_id: 9, responsavel_nome: 'Bruno' });
    const none = task({});
    const a2 = task({
      responsavel_id: 7,
      responsavel_nome: 'Ana',
      start: '2026-03-01',
      end: '2026-03-09',
    });
    const rows = groupedRows([none, b, a, a2], 'pessoa');
    expect(rows.map((r) => r.text)).toEqual([
      'Ana',
      a2.titulo,
      a.titulo,
      'Bruno',
      b.titulo,
      'Sem responsável',
      none.titulo,
    ]);
    const ana = rows[0]!;
    expect(ana).toMatchObject({ kind: 'group', type: 'summary', count: 2, editable: false });
    // the group spans its tasks (end exclusive)
    expect(toIsoDate(ana.start)).toBe('2026-03-01');
    expect(toIsoDate(ana.end)).toBe('2026-03-10');
    expect(rows[1]!.parent).toBe(ana.id);
  });

  it('groups by demand in order of their first task', () => {
    const x = task({ mural_id: 2, mural_titulo: 'Zeta', start: '2026-03-01', end: '2026-03-01' });
    const y = task({ mural_id: 3, mural_titulo: 'Alfa', start: '2026-03-05', end: '2026-03-05' });
    const rows = groupedRows([y, x], 'demanda');
    expect(rows.filter((r) => r.kind === 'group').map((r) => r.text)).toEqual(['Zeta', 'Alfa']);
  });

  it('keeps only arrows between shown tasks and paints the critical ones', () => {
    const p = task({});
    const s = task({});
    const links: GanttLink[] = [
      { id: 1, predecessor_id: p.id, protocol_id: s.id, lag_days: 2, critical: true },
      { id: 2, predecessor_id: p.id, protocol_id: 9999, lag_days: 0, critical: false },
    ];
    const list = arrows(links, flatRows([p, s]));
    expect(list).toEqual([
      { id: 1, source: p.id, target: s.id, type: 'e2s', lag: 2, critical: true },
    ]);
    expect([...criticalLinkIds(list)]).toEqual(['1']);
    // in a demand that plans in working days the tooltip counts the lag in them
    expect(arrows(links, flatRows([p, s]), true)[0]).toMatchObject({ lag: 2, uteis: true });
  });

  it('puts the chosen baseline beside each task it holds', () => {
    const p = task({});
    const s = task({});
    const saved = {
      protocol_id: s.id,
      titulo: s.titulo,
      inicio_base: '2026-03-02',
      fim_base: '2026-03-04',
      inicio_atual: '2026-03-03',
      fim_atual: '2026-03-06',
      variacao_inicio: 1,
      variacao_fim: 2,
    };
    const rows = withBaseline(flatRows([p, s]), [saved]);
    expect(rows.find((r) => r.id === s.id)?.baseline).toEqual(saved);
    expect(rows.find((r) => r.id === p.id)?.baseline).toBeUndefined();
    expect(withBaseline(flatRows([p]), undefined)[0]?.baseline).toBeUndefined();
  });

  it('names team members without tasks in the range', () => {
    const member = (id: number, nome: string) =>
      ({
        id,
        nome,
        email: '',
        type: 'equipe',
        rawType: 'Equipe',
        avatar: null,
        tarefas_abertas: 0,
      }) as TeamMember;
    const busy = task({ responsavel_id: 1 });
    expect(idleMembers([member(1, 'Ana'), member(2, 'Bia')], [busy]).map((m) => m.nome)).toEqual([
      'Bia',
    ]);
  });
});

describe('real dates strip', () => {
  it('places the executed span relative to the planned bar', () => {
    const t = task({
      start: '2026-03-02',
      end: '2026-03-06',
      inicio_real: '2026-03-03',
      fim_real: '2026-03-08',
    });
    expect(realSpan(t, '2026-03-20')).toEqual({ offset: 1, days: 6, open: false });
  });

  it('runs to today while in progress and is absent before the start', () => {
    const running = task({ stage: 'em_andamento', inicio_real: '2026-03-01' });
    expect(realSpan(running, '2026-03-04')).toEqual({ offset: -1, days: 4, open: true });
    expect(realSpan(task({}), '2026-03-04')).toBeNull();
  });
});

describe('zoom and today line', () => {
  it('puts the line inside today’s cell', () => {
    const today = new Date(2026, 10, 21); // Saturday
    expect(todayOffsetPercent('dia', today)).toBe(50);
    expect(todayOffsetPercent('semana', today)).toBeCloseTo((6.5 / 7) * 100);
    expect(todayOffsetPercent('mes', today)).toBeCloseTo((20.5 / 30) * 100);
    expect(cellHasToday('semana', new Date(2026, 10, 15), today)).toBe(true);
    expect(cellHasToday('semana', new Date(2026, 10, 22), today)).toBe(false);
    expect(cellHasToday('mes', new Date(2026, 10, 1), today)).toBe(true);
    expect(cellHasToday('dia', new Date(2026, 10, 20), today)).toBe(false);
  });
});

describe('gantt URL settings', () => {
  it('reads valid settings and falls back to defaults', () => {
    const q = new URLSearchParams(
      'zoom=mes&grupo=demanda&coordenador=12&inicio=2026-01-01&fim=2026-03-31',
    );
    expect(parseGanttParams(q, null)).toEqual({
      zoom: 'mes',
      group: 'demanda',
      coordenadorId: 12,
      start: '2026-01-01',
      end: '2026-03-31',
    });
    const bad = parseGanttParams(new URLSearchParams('zoom=x&inicio=2026-05-01&fim=2026-01-01'), 5);
    expect(bad).toMatchObject({ zoom: 'semana', group: 'pessoa', coordenadorId: 5 });
    expect(bad.start).toBe(defaultPeriod().start);
    expect(parseGanttParams(new URLSearchParams('coordenador=todos'), 5).coordenadorId).toBeNull();
  });

  it('moves the period by its own length', () => {
    expect(shiftPeriod('2026-03-01', '2026-03-10', 1)).toEqual({
      start: '2026-03-11',
      end: '2026-03-20',
    });
    expect(shiftPeriod('2026-03-01', '2026-03-10', -1)).toEqual({
      start: '2026-02-19',
      end: '2026-02-28',
    });
  });
});
