import {
  calendarOrder,
  muralMoveOf,
  RT_EVENTS,
  type CalendarChanges,
  type CalendarItem,
  type GanttLink,
  type GanttMuralChanges,
  type GanttMuralResponse,
  type GanttTeamChanges,
  type GanttTeamResponse,
  type MuralMove,
  type RealtimeChange,
  type TeamLoadChanges,
  type TeamLoadResponse,
} from '@eproto/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchQueries } from '../../../lib/changes/page-delta.ts';
import type { CalendarParams, TeamGanttParams, TeamLoadParams } from './keys.ts';

/**
 * Where the open range views live in the cache (keys.ts): ['calendar', 'range', q],
 * ['gantt', 'team', q] and a demand's own tabs ['calendar', 'mural', id] and ['gantt',
 * 'mural', id]; lib/changes/change-effects.ts leaves them to this patch.
 */
const CALENDAR_RANGES = ['calendar', 'range'] as const;
const TEAM_GANTTS = ['gantt', 'team'] as const;
/** The team load's people (Equipe → Carga), ['gantt', 'load', 'pessoas', q]. */
const TEAM_LOADS = ['gantt', 'load', 'pessoas'] as const;
const MURAL_CALENDARS = ['calendar', 'mural'] as const;
const MURAL_GANTTS = ['gantt', 'mural'] as const;

/** GET /eproto/calendar/changes — the calendar's entries changed since and its ids now. */
function getCalendarChanges(query: CalendarParams, since: string): Promise<CalendarChanges> {
  return api.get<CalendarChanges>('/eproto/calendar/changes', {
    params: { ...query, updated_since: since },
  });
}

/** GET /eproto/gantt/team/changes — the team timeline's touched demands, its ids now. */
function getTeamGanttChanges(query: TeamGanttParams, since: string): Promise<GanttTeamChanges> {
  return api.get<GanttTeamChanges>('/eproto/gantt/team/changes', {
    params: { ...query, updated_since: since },
  });
}

/** GET /eproto/team/load/changes — the people whose load a task change since may have moved. */
function getTeamLoadChanges(query: TeamLoadParams, since: string): Promise<TeamLoadChanges> {
  return api.get<TeamLoadChanges>('/eproto/team/load/changes', {
    params: { ...query, updated_since: since },
  });
}

/** GET /eproto/murals/{id}/calendar/changes — a demand's Calendário tab, changed since. */
function getMuralCalendarChanges(id: number, since: string): Promise<CalendarChanges> {
  return api.get<CalendarChanges>(`/eproto/murals/${id}/calendar/changes`, {
    params: { updated_since: since },
  });
}

/** GET /eproto/gantt/murals/{id}/changes — a demand's Gantt tab, changed since. */
function getMuralGanttChanges(id: number, since: string): Promise<GanttMuralChanges> {
  return api.get<GanttMuralChanges>(`/eproto/gantt/murals/${id}/changes`, {
    params: { updated_since: since },
  });
}

const keyOf = (i: Pick<CalendarItem, 'type' | 'id'>) => `${i.type}:${i.id}`;

/**
 * The calendar with the changes in: every entry the answer lists in the range now (changed
 * ones from the answer, the others as held), in the calendar's order; null when it lists one
 * the tab does not hold (come into the range or the scope unchanged): then it is read again.
 */
function mergeCalendar(held: CalendarItem[], delta: CalendarChanges): CalendarItem[] | null {
  const byKey = new Map(held.map((i) => [keyOf(i), i]));
  for (const i of delta.items) byKey.set(keyOf(i), i);
  const items: CalendarItem[] = [];
  const wanted = [
    ...delta.murals.map((id) => ({ type: 'mural' as const, id })),
    ...delta.tasks.map((id) => ({ type: 'task' as const, id })),
  ];
  for (const w of wanted) {
    const item = byKey.get(keyOf(w));
    if (!item) return null;
    items.push(item);
  }
  return items.sort(calendarOrder);
}

/**
 * The team timeline with the changes in: the tasks in the order of `ids` (the touched
 * demands' from the answer, the others as held), the arrows of untouched demands as held and
 * those touching a touched demand from the answer, both ends still on screen; null when `ids`
 * names a task the tab does not hold (then it is read again).
 */
function mergeTeamGantt(
  held: GanttTeamResponse,
  delta: GanttTeamChanges,
): GanttTeamResponse | null {
  const changed = new Map(delta.tasks.map((x) => [x.id, x]));
  const kept = new Map(held.tasks.map((x) => [x.id, x]));
  const tasks = [];
  for (const id of delta.ids) {
    const task = changed.get(id) ?? kept.get(id);
    if (!task) return null;
    tasks.push(task);
  }
  const touched = new Set(delta.murals);
  const muralOf = new Map(tasks.map((x) => [x.id, x.mural_id]));
  const untouched = (id: number) => {
    const mural = muralOf.get(id);
    return mural !== undefined && !touched.has(mural);
  };
  const links: GanttLink[] = [
    ...held.links.filter((l) => untouched(l.protocol_id) && untouched(l.predecessor_id)),
    ...delta.links,
  ].sort((a, b) => a.id - b.id);
  return { ...held, tasks, links, sem_datas: delta.sem_datas };
}

/**
 * The team load with the touched people's rows from the answer, the others as held, and
 * those no longer in it ('fora') left out; null when the answer brings someone the tab does
 * not hold (their place in the list is unknown: the load is read again).
 */
function mergeTeamLoad(held: TeamLoadResponse, delta: TeamLoadChanges): TeamLoadResponse | null {
  const changed = new Map(delta.pessoas.map((p) => [p.id, p]));
  if (delta.pessoas.some((p) => !held.pessoas.some((h) => h.id === p.id))) return null;
  const gone = new Set(delta.fora);
  const pessoas = held.pessoas.filter((p) => !gone.has(p.id)).map((p) => changed.get(p.id) ?? p);
  return { ...held, pessoas };
}

/**
 * A demand's chart with the changes in: the tasks in the order of `ids` (changed ones from the
 * answer, the others as held with their critical flag from `critical`), the header, arrows and
 * counts from the answer; null when `ids` names a task the tab does not hold.
 */
function mergeMuralGantt(
  held: GanttMuralResponse,
  delta: GanttMuralChanges,
): GanttMuralResponse | null {
  const changed = new Map(delta.tasks.map((x) => [x.id, x]));
  const kept = new Map(held.tasks.map((x) => [x.id, x]));
  const critical = new Set(delta.critical);
  const tasks = [];
  for (const id of delta.ids) {
    const task = changed.get(id) ?? kept.get(id);
    if (!task) return null;
    tasks.push(task.critical === critical.has(id) ? task : { ...task, critical: !task.critical });
  }
  const { mural, links, sem_datas, critical_days } = delta;
  return { mural, tasks, links, sem_datas, critical_days };
}

/** Patches one kind of range view from its `…/changes` answer (false: read it again). */
function patcher<Q, D, A>(
  queryClient: QueryClient,
  ask: (query: Q, since: string) => Promise<A>,
  merge: (held: D, delta: A) => D | null,
) {
  return async (queryKey: QueryKey, since: string): Promise<boolean> => {
    // The view's query is the key's last part (['calendar', 'range', q], ['gantt', 'load', 'pessoas', q]).
    const delta = await ask(queryKey[queryKey.length - 1] as Q, since);
    const held = queryClient.getQueryData<D>(queryKey);
    if (held === undefined) return true;
    const next = merge(held, delta);
    if (next === null) return false;
    queryClient.setQueryData(queryKey, next);
    return true;
  };
}

/**
 * How a view's held version of the moved demand stands against a kanban move: 'from' (at the
 * version the move started from: apply it), 'newer' (at the move's version or later: the
 * event came late or twice, ignore it) or 'gap' (another version: the tab missed a change of
 * the demand, so it asks its changes instead of guessing).
 */
function fitOf(held: string, move: MuralMove, version: string): 'from' | 'newer' | 'gap' {
  const at = Date.parse(held);
  if (at >= Date.parse(version)) return 'newer';
  return at === Date.parse(move.from) ? 'from' : 'gap';
}

/** The moved demand and where it went (data.move with the event's version). */
interface Moved {
  id: number;
  version: string;
  move: MuralMove;
}

/**
 * A calendar after a demand's kanban move (data.move), from the event alone, or undefined when
 * it must ask its changes: the demand's entry takes the stage, `atrasada` and the version when
 * it held the version the move started from (fitOf); its dates (planned) and its tasks'
 * entries do not move with it, so a calendar without the entry is the same calendar.
 */
function calendarAfterMove(held: CalendarItem[], m: Moved): CalendarItem[] | undefined {
  const i = held.findIndex((x) => x.type === 'mural' && x.id === m.id);
  if (i < 0) return held;
  const entry = held[i]!;
  const fit = fitOf(entry.version, m.move, m.version);
  if (fit !== 'from') return fit === 'newer' ? held : undefined;
  const next = [...held];
  next[i] = { ...entry, stage: m.move.stage, atrasada: m.move.atrasada, version: m.version };
  return next;
}

/**
 * A demand's own Gantt tab after its kanban move: the header's stage, real dates and version
 * when it held the version the move started from (fitOf); its bars (tasks) stay as they are.
 */
function muralGanttAfterMove(held: GanttMuralResponse, m: Moved) {
  if (held.mural.id !== m.id) return undefined;
  const fit = fitOf(held.mural.version, m.move, m.version);
  if (fit !== 'from') return fit === 'newer' ? held : undefined;
  const { stage, inicio_real, fim_real } = m.move;
  return { ...held, mural: { ...held.mural, stage, inicio_real, fim_real, version: m.version } };
}

/**
 * The team Gantt after a demand's kanban move: it shows only tasks, which the move leaves as
 * they are, so only their demand's version moves (mural_version), when they held the version
 * the move started from (fitOf); a timeline without the demand's tasks is the same timeline.
 */
function teamGanttAfterMove(held: GanttTeamResponse, m: Moved) {
  const own = held.tasks.filter((x) => x.mural_id === m.id);
  if (own.length === 0) return held;
  const versions = new Set(own.map((x) => x.mural_version));
  if (versions.size > 1) return undefined;
  const fit = fitOf(own[0]!.mural_version, m.move, m.version);
  if (fit !== 'from') return fit === 'newer' ? held : undefined;
  const tasks = held.tasks.map((x) =>
    x.mural_id === m.id ? { ...x, mural_version: m.version } : x,
  );
  return { ...held, tasks };
}

/**
 * A demand or its tasks changed ('mural.changed', 'protocol.changed' with the version they
 * changed at): the calendar, the team Gantt and that demand's own Gantt and Calendário tabs
 * on screen ask what changed in their range since then (lib/changes/page-delta.ts
 * patchQueries) instead of reading the range again, and a task's change has the team load read
 * again only for the people it touched; the demand's part 'tasks' echo asks nothing (its
 * 'protocol.changed' does). One not on screen is marked stale; a failed ask, or an entry come
 * in unchanged, reads the range again. A kanban move (data.move) is applied from the event
 * where the view holds the demand at the version the move started from (`from`): the calendars
 * patch the demand's entry (calendarAfterMove), its Gantt tab the header (muralGanttAfterMove),
 * and the team Gantt, which shows only tasks, just takes the demand's new version
 * (teamGanttAfterMove); a view that holds nothing of the demand asks nothing. A view holding a
 * newer version ignores the move (it came late); one holding another, older version missed a
 * change and asks its range's changes since the move's version, as without data.move.
 */
export async function patchPlanningOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { version } = change;
  // Without a version (a task deleted) the change map reads the ranges again.
  if (version === undefined) return;
  if (change.type === RT_EVENTS.muralChanged && change.data?.part === 'tasks') return;
  // Only tasks count in the load (a demand's own fields never do): their event asks it.
  const loads =
    change.type === RT_EVENTS.protocolChanged
      ? patchQueries(queryClient, {
          prefix: TEAM_LOADS,
          since: version,
          apply: patcher(queryClient, getTeamLoadChanges, mergeTeamLoad),
        })
      : undefined;
  // A demand's own tabs: only those of the demand that changed (a task's demand).
  const mural = change.type === RT_EVENTS.muralChanged ? change.id : change.data?.mural_id;
  const own = (prefix: readonly ['calendar' | 'gantt', 'mural']) =>
    typeof mural === 'number' ? [...prefix, mural] : [...prefix];
  const move = muralMoveOf(change);
  const moved: Moved | undefined =
    move && typeof mural === 'number' ? { id: mural, version, move } : undefined;
  const calendarLocal = moved && {
    local: (data: unknown) => calendarAfterMove(data as CalendarItem[], moved),
  };
  await Promise.all([
    loads,
    patchQueries(queryClient, {
      prefix: own(MURAL_CALENDARS),
      since: version,
      apply: patcher(queryClient, getMuralCalendarChanges, mergeCalendar),
      ...calendarLocal,
    }),
    patchQueries(queryClient, {
      prefix: own(MURAL_GANTTS),
      since: version,
      apply: patcher(queryClient, getMuralGanttChanges, mergeMuralGantt),
      ...(moved && {
        local: (data: unknown) => muralGanttAfterMove(data as GanttMuralResponse, moved),
      }),
    }),
    patchQueries(queryClient, {
      prefix: CALENDAR_RANGES,
      since: version,
      apply: patcher(queryClient, getCalendarChanges, mergeCalendar),
      ...calendarLocal,
    }),
    patchQueries(queryClient, {
      prefix: TEAM_GANTTS,
      since: version,
      apply: patcher(queryClient, getTeamGanttChanges, mergeTeamGantt),
      ...(moved && {
        local: (data: unknown) => teamGanttAfterMove(data as GanttTeamResponse, moved),
      }),
    }),
  ]);
}
