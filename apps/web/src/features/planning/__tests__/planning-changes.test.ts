import type {
  CalendarChanges,
  CalendarItem,
  GanttLink,
  GanttMuralChanges,
  GanttMuralResponse,
  GanttTask,
  GanttTeamChanges,
  GanttTeamResponse,
  PersonLoad,
  RealtimeChange,
  TeamLoadChanges,
  TeamLoadResponse,
} from '@eproto/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchPlanningOnChange } = await import('../api/get-planning-changes.ts');
const { applyChange } = await import('../../../lib/changes/change-effects.ts');
const { planningKeys } = await import('../api/keys.ts');

const V = '2026-11-30T05:00:00.000Z';
const RANGE = { start: '2026-11-01', end: '2026-11-30' };
const moved: RealtimeChange = {
  type: 'protocol.changed',
  id: 11,
  version: V,
  data: { ids: [11], mural_id: 1 },
};

/** The version the views hold of demand 1 (and a kanban move's `from` below). */
const FROM = '2026-11-30T04:00:00.000Z';
const entry = (type: 'mural' | 'task', id: number, start: string, end = start) =>
  ({ type, id, start, end, title: `${type} ${id}`, mural_id: 1, version: FROM }) as CalendarItem;
const bar = (id: number, mural: number, start: string, critical = false) =>
  ({ id, mural_id: mural, start, end: start, critical, mural_version: FROM }) as GanttTask;
const arrow = (id: number, from: number, to: number) =>
  ({ id, predecessor_id: from, protocol_id: to, lag_days: 0, critical: false }) as GanttLink;

/** What a tab does with the change: the change map, then the patch. */
async function hear(client: QueryClient, change: RealtimeChange) {
  applyChange(client, change);
  await patchPlanningOnChange(client, change);
}

afterEach(() => vi.clearAllMocks());

describe('calendar and team Gantt patch themselves on a change', () => {
  it('the calendar asks what changed in its range since the version, and reads nothing whole', async () => {
    const client = new QueryClient();
    const key = planningKeys.calendarRange(RANGE);
    const cal = onScreen(
      key,
      [
        entry('mural', 1, '2026-11-02', '2026-11-28'),
        entry('task', 10, '2026-11-03'),
        entry('task', 11, '2026-11-05'),
        entry('task', 12, '2026-11-09'),
      ],
      { client },
    );
    const answer: CalendarChanges = {
      items: [entry('task', 11, '2026-11-20', '2026-11-21')],
      murals: [1],
      tasks: [10, 11],
      cursor: V,
    };
    get.mockResolvedValue(answer);
    await hear(client, moved);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/calendar/changes', {
      params: { ...RANGE, updated_since: V },
    });
    expect(cal.full).not.toHaveBeenCalled();
    // Task 11 moved to the 20th; task 12 left the range.
    expect(cal.data().map((i) => [i.type, i.id, i.start])).toEqual([
      ['mural', 1, '2026-11-02'],
      ['task', 10, '2026-11-03'],
      ['task', 11, '2026-11-20'],
    ]);
  });

  it('the team Gantt takes the touched demand from the answer and keeps the others', async () => {
    const client = new QueryClient();
    const query = { ...RANGE, coordenador_id: 3 };
    const key = planningKeys.teamGantt(query);
    const held: GanttTeamResponse = {
      ...RANGE,
      tasks: [
        bar(10, 1, '2026-11-03', true),
        bar(11, 1, '2026-11-05', true),
        bar(20, 2, '2026-11-06'),
      ],
      links: [arrow(1, 10, 11), arrow(2, 20, 11), arrow(3, 20, 21)],
      sem_datas: 4,
    };
    held.tasks.push(bar(21, 2, '2026-11-07'));
    const gantt = onScreen(key, held, { client });
    const answer: GanttTeamChanges = {
      murals: [1],
      tasks: [bar(10, 1, '2026-11-03'), bar(11, 1, '2026-11-12')],
      ids: [10, 20, 21, 11],
      links: [arrow(2, 20, 11)],
      sem_datas: 5,
      cursor: V,
    };
    get.mockResolvedValue(answer);
    await hear(client, moved);
    expect(get).toHaveBeenCalledWith('/eproto/gantt/team/changes', {
      params: { ...query, updated_since: V },
    });
    expect(gantt.full).not.toHaveBeenCalled();
    const now = gantt.data();
    expect(now.tasks.map((x) => [x.id, x.start, x.critical])).toEqual([
      [10, '2026-11-03', false],
      [20, '2026-11-06', false],
      [21, '2026-11-07', false],
      [11, '2026-11-12', false],
    ]);
    // The link 10 -> 11 was removed: gone; 20 -> 21 (untouched demand) kept.
    expect(now.links.map((l) => l.id)).toEqual([2, 3]);
    expect(now.sem_datas).toBe(5);
  });

  it('reads the range again when an entry comes in unchanged or the ask fails', async () => {
    const client = new QueryClient();
    const key = planningKeys.calendarRange(RANGE);
    onScreen(key, [entry('task', 10, '2026-11-03')], { client });
    const again = vi.spyOn(client, 'invalidateQueries');
    get.mockResolvedValueOnce({ items: [], murals: [], tasks: [10, 99], cursor: V });
    await patchPlanningOnChange(client, moved);
    expect(again).toHaveBeenCalledWith({ queryKey: key, exact: true });

    again.mockClear();
    get.mockRejectedValueOnce(new Error('Informe "updated_since" como data e hora com fuso.'));
    await patchPlanningOnChange(client, moved);
    expect(again).toHaveBeenCalledWith({ queryKey: key, exact: true });
  });

  it("asks nothing without a version (read again by the map) nor for the demand's part 'tasks'", async () => {
    const client = new QueryClient();
    const key = planningKeys.calendarRange(RANGE);
    const cal = onScreen(key, [entry('task', 10, '2026-11-03')], { client });
    await hear(client, { type: 'mural.changed', id: 1, version: V, data: { part: 'tasks' } });
    expect(get).not.toHaveBeenCalled();
    expect(cal.full).not.toHaveBeenCalled();

    await hear(client, { type: 'protocol.changed', data: { ids: [10], mural_id: 1 } });
    expect(get).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(cal.full).toHaveBeenCalledTimes(1));
  });

  it("the map leaves the ranges, the load and a demand's own tabs to the patch", () => {
    const client = new QueryClient();
    const keys = [
      planningKeys.calendarRange(RANGE),
      planningKeys.teamGantt(RANGE),
      planningKeys.teamLoad({ semanas: 4 }),
      planningKeys.vehicleLoad({ semanas: 4 }),
      planningKeys.muralCalendar(1),
      planningKeys.muralGantt(1),
    ];
    for (const k of keys) client.setQueryData(k, 1);
    applyChange(client, moved);
    expect(keys.filter((k) => client.getQueryState(k)?.isInvalidated)).toEqual([]);
  });
});

describe('the team load patches the people a task change touched', () => {
  const QUERY = { inicio: '2026-11-02', semanas: 4 };
  const week = (horas: number) => ({
    inicio: '2026-11-02',
    horas,
    tarefas: horas,
    agenda: 0,
    os: 0,
    dias_uteis: 5,
    capacidade: 40,
    acima: horas > 40,
  });
  const who = (id: number, horas: number): PersonLoad => ({
    id,
    nome: `Pessoa ${id}`,
    calendario: 'Brasil',
    semanas: [week(horas)],
    sem_estimativa: 0,
  });
  const held: TeamLoadResponse = {
    semanas: [{ inicio: '2026-11-02', fim: '2026-11-08', numero: 45 }],
    jornada_minutos: 480,
    pessoas: [who(1, 10), who(2, 20), who(3, 30)],
  };

  it('asks the load changes since the version and patches those rows, reading nothing whole', async () => {
    const client = new QueryClient();
    const load = onScreen(planningKeys.teamLoad(QUERY), held, { client });
    const answer: TeamLoadChanges = { pessoas: [who(2, 28)], fora: [3] };
    get.mockImplementation((path) =>
      Promise.resolve(path === '/eproto/team/load/changes' ? answer : undefined),
    );
    await hear(client, moved);
    expect(get).toHaveBeenCalledWith('/eproto/team/load/changes', {
      params: { ...QUERY, updated_since: V },
    });
    expect(load.full).not.toHaveBeenCalled();
    expect(load.data().pessoas.map((p) => [p.id, p.semanas[0]!.horas])).toEqual([
      [1, 10],
      [2, 28],
    ]);
    expect(load.data().pessoas[0]).toBe(held.pessoas[0]);
  });

  it("asks nothing for a demand's own change, and reads it whole for someone new", async () => {
    const client = new QueryClient();
    const load = onScreen(planningKeys.teamLoad(QUERY), held, { client });
    await hear(client, { type: 'mural.changed', id: 1, version: V, data: { id: 1 } });
    expect(get).not.toHaveBeenCalledWith('/eproto/team/load/changes', expect.anything());
    expect(load.full).not.toHaveBeenCalled();

    get.mockResolvedValue({ pessoas: [who(9, 8)], fora: [] });
    await hear(client, moved);
    await vi.waitFor(() => expect(load.full).toHaveBeenCalledTimes(1));
  });
});

describe("a demand's own Gantt and Calendário tabs patch themselves on a change", () => {
  const held: GanttMuralResponse = {
    mural: { id: 1, titulo: 'Obra' } as GanttMuralResponse['mural'],
    tasks: [
      bar(10, 1, '2026-11-03', true),
      bar(11, 1, '2026-11-05', true),
      bar(12, 1, '2026-11-04'),
    ],
    links: [arrow(1, 10, 11)],
    sem_datas: 1,
    critical_days: 5,
  };

  it('the Gantt tab takes the moved task and the critical path, reading nothing whole', async () => {
    const client = new QueryClient();
    const gantt = onScreen(planningKeys.muralGantt(1), held, { client });
    const other = onScreen(planningKeys.muralGantt(2), { ...held, tasks: [] }, { client });
    const answer: GanttMuralChanges = {
      mural: held.mural,
      tasks: [bar(12, 1, '2026-11-20', true)],
      ids: [10, 11, 12],
      critical: [12],
      links: [arrow(1, 10, 11)],
      sem_datas: 1,
      critical_days: 17,
      cursor: V,
    };
    get.mockResolvedValue(answer);
    await hear(client, { ...moved, id: 12, data: { ids: [12], mural_id: 1 } });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/gantt/murals/1/changes', {
      params: { updated_since: V },
    });
    expect(gantt.full).not.toHaveBeenCalled();
    expect(other.full).not.toHaveBeenCalled();
    expect(gantt.data().tasks.map((x) => [x.id, x.start, x.critical])).toEqual([
      [10, '2026-11-03', false],
      [11, '2026-11-05', false],
      [12, '2026-11-20', true],
    ]);
    expect(gantt.data().critical_days).toBe(17);
    // The held rows not in the answer are the same objects, only their flag changed.
    expect(client.getQueryData<GanttMuralResponse>(planningKeys.muralGantt(2))?.tasks).toEqual([]);
  });

  it('the Calendário tab merges its /changes answer in the calendar order', async () => {
    const client = new QueryClient();
    const cal = onScreen(
      planningKeys.muralCalendar(1),
      [
        entry('mural', 1, '2026-11-02', '2026-11-28'),
        entry('task', 10, '2026-11-03'),
        entry('task', 11, '2026-11-05'),
      ],
      { client },
    );
    const answer: CalendarChanges = {
      items: [entry('task', 10, '2026-11-09')],
      murals: [1],
      tasks: [10, 11],
      cursor: V,
    };
    get.mockResolvedValue(answer);
    await hear(client, { type: 'mural.changed', id: 1, version: V });
    expect(get).toHaveBeenCalledWith('/eproto/murals/1/calendar/changes', {
      params: { updated_since: V },
    });
    expect(cal.full).not.toHaveBeenCalled();
    expect(cal.data().map((i) => [i.type, i.id, i.start])).toEqual([
      ['mural', 1, '2026-11-02'],
      ['task', 11, '2026-11-05'],
      ['task', 10, '2026-11-09'],
    ]);
  });

  it('reads the tab again when the answer names a task it does not hold', async () => {
    const client = new QueryClient();
    const key = planningKeys.muralGantt(1);
    onScreen(key, held, { client });
    const again = vi.spyOn(client, 'invalidateQueries');
    get.mockResolvedValueOnce({ ...held, tasks: [], ids: [10, 99], critical: [], cursor: V });
    await patchPlanningOnChange(client, moved);
    expect(again).toHaveBeenCalledWith({ queryKey: key, exact: true });
  });
});

describe('a kanban move carried by the event (data.move) is applied as it comes', () => {
  const move = {
    stage: 'concluido',
    from: FROM,
    inicio_real: '2026-11-02',
    fim_real: '2026-11-30',
    atrasada: false,
    by: 8,
  };
  const event: RealtimeChange = { type: 'mural.changed', id: 1, version: V, data: { id: 1, move } };
  const late = (e: CalendarItem) =>
    ({ ...e, stage: 'em_andamento', atrasada: true }) as CalendarItem;

  it('calendars, the Gantt tab and the team Gantt ask nothing and read nothing whole', async () => {
    const client = new QueryClient();
    const range = onScreen(
      planningKeys.calendarRange(RANGE),
      [late(entry('mural', 1, '2026-11-02', '2026-11-28')), late(entry('task', 10, '2026-11-03'))],
      { client },
    );
    const tab = onScreen(
      planningKeys.muralCalendar(1),
      [late(entry('mural', 1, '2026-11-02', '2026-11-28'))],
      { client },
    );
    const heldGantt: GanttMuralResponse = {
      mural: {
        id: 1,
        titulo: 'Obra',
        stage: 'em_andamento',
        version: FROM,
      } as GanttMuralResponse['mural'],
      tasks: [bar(10, 1, '2026-11-03')],
      links: [],
      sem_datas: 0,
      critical_days: 1,
    };
    const gantt = onScreen(planningKeys.muralGantt(1), heldGantt, { client });
    const teamHeld: GanttTeamResponse = {
      ...RANGE,
      tasks: [bar(10, 1, '2026-11-03'), bar(20, 2, '2026-11-04')],
      links: [],
      sem_datas: 0,
    };
    const team = onScreen(planningKeys.teamGantt(RANGE), teamHeld, { client });
    await hear(client, event);
    expect(get).not.toHaveBeenCalled();
    for (const view of [range, tab, gantt, team]) expect(view.full).not.toHaveBeenCalled();
    expect(range.data().map((i) => [i.type, i.stage, i.atrasada, i.version])).toEqual([
      ['mural', 'concluido', false, V],
      ['task', 'em_andamento', true, FROM],
    ]);
    expect(tab.data()[0]).toMatchObject({ stage: 'concluido', atrasada: false, version: V });
    expect(gantt.data().mural).toMatchObject({
      stage: 'concluido',
      inicio_real: '2026-11-02',
      fim_real: '2026-11-30',
      version: V,
    });
    // The team Gantt shows tasks only: the bars stay, they take the demand's new version.
    expect(team.data().tasks).toEqual([
      { ...teamHeld.tasks[0], mural_version: V },
      teamHeld.tasks[1],
    ]);
    expect(team.data().tasks[1]).toBe(teamHeld.tasks[1]);
  });

  /** The four views, each holding demand 1 at `held` (stage em_revisao, not late). */
  function viewsAt(held: string) {
    const client = new QueryClient();
    const at = (e: CalendarItem) =>
      ({ ...e, stage: 'em_revisao', atrasada: false, version: held }) as CalendarItem;
    const range = onScreen(
      planningKeys.calendarRange(RANGE),
      [at(entry('mural', 1, '2026-11-02', '2026-11-28')), entry('task', 10, '2026-11-03')],
      { client },
    );
    const tab = onScreen(
      planningKeys.muralCalendar(1),
      [at(entry('mural', 1, '2026-11-02', '2026-11-28'))],
      { client },
    );
    const mural = { id: 1, titulo: 'Obra', stage: 'em_revisao', version: held };
    const gantt = onScreen(
      planningKeys.muralGantt(1),
      {
        mural: mural as GanttMuralResponse['mural'],
        tasks: [bar(10, 1, '2026-11-03')],
        links: [],
        sem_datas: 0,
        critical_days: 1,
      },
      { client },
    );
    const team = onScreen(
      planningKeys.teamGantt(RANGE),
      {
        ...RANGE,
        tasks: [{ ...bar(10, 1, '2026-11-03'), mural_version: held }],
        links: [],
        sem_datas: 0,
      },
      { client },
    );
    return { client, views: [range, tab, gantt, team] };
  }

  it('a move that comes after a newer version (out of order) is ignored: nothing asked', async () => {
    const { client, views } = viewsAt('2026-11-30T06:00:00.000Z');
    const before = views.map((v) => v.data());
    await hear(client, event);
    expect(get).not.toHaveBeenCalled();
    // Still em_revisao: the late move to concluido does not overwrite the newer state.
    views.forEach((v, i) => expect(v.data()).toBe(before[i]));
    for (const view of views) expect(view.full).not.toHaveBeenCalled();
  });

  it('a view at another version missed a change: it asks its delta since the move', async () => {
    const { client } = viewsAt('2026-11-30T03:00:00.000Z');
    get.mockImplementation((path) =>
      Promise.resolve(
        path.includes('gantt/team')
          ? { murals: [1], tasks: [], ids: [10], links: [], sem_datas: 0, cursor: V }
          : path.includes('gantt/murals')
            ? { mural: { id: 1 }, tasks: [], ids: [10], critical: [], links: [], cursor: V }
            : { items: [], murals: [1], tasks: [10], cursor: V },
      ),
    );
    await hear(client, event);
    expect(get.mock.calls.map(([path, o]) => [path, o?.params?.updated_since]).sort()).toEqual([
      ['/eproto/calendar/changes', V],
      ['/eproto/gantt/murals/1/changes', V],
      ['/eproto/gantt/team/changes', V],
      ['/eproto/murals/1/calendar/changes', V],
    ]);
  });

  it('a view holding nothing of the moved demand asks nothing and stays the same', async () => {
    const client = new QueryClient();
    const held = { ...RANGE, tasks: [bar(20, 2, '2026-11-04')], links: [], sem_datas: 0 };
    const team = onScreen(planningKeys.teamGantt(RANGE), held, { client });
    const range = onScreen(planningKeys.calendarRange(RANGE), [entry('task', 10, '2026-11-03')], {
      client,
    });
    const before = range.data();
    await hear(client, event);
    expect(get).not.toHaveBeenCalled();
    expect(team.data()).toBe(held);
    expect(range.data()).toBe(before);
  });

  it('without a move, the same change still asks (the fallback)', async () => {
    const client = new QueryClient();
    onScreen(
      planningKeys.teamGantt(RANGE),
      { ...RANGE, tasks: [], links: [], sem_datas: 0 },
      {
        client,
      },
    );
    get.mockResolvedValue({ murals: [], tasks: [], ids: [], links: [], sem_datas: 0, cursor: V });
    await hear(client, { ...event, data: { id: 1 } });
    expect(get).toHaveBeenCalledWith('/eproto/gantt/team/changes', {
      params: { ...RANGE, updated_since: V },
    });
  });
});
