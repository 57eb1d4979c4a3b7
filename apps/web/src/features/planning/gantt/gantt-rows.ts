import type {
  BaselineTask,
  GanttLink,
  GanttTask,
  Stage,
  TeamBaselineDetail,
  TeamMember,
} from '@eproto/domain';

import { toBarDates } from './gantt-dates.ts';

/** How rows of the team Gantt are grouped. */
export type GanttGroupBy = 'pessoa' | 'demanda';

/** One SVAR row: a task bar or a group (summary) row, with what our templates read. */
export interface GanttRow {
  id: number | string;
  text: string;
  start: Date;
  end: Date;
  type: 'task' | 'summary';
  parent: number | string;
  open?: boolean;
  progress: number;
  kind: 'task' | 'group';
  /** The task (for task rows). */
  task?: GanttTask;
  stage?: Stage;
  critical: boolean;
  editable: boolean;
  /** Number of tasks (group rows). */
  count?: number;
  /**
   * The task in the baseline being compared (drawn under the bar, variance column);
   * `dias_uteis` when its demand's variance counts working days (a team baseline says it per task).
   */
  baseline?: BaselineTask & { dias_uteis?: boolean };
  /** A demand's group row of a team baseline: the demand's finish variance (null: no dates now). */
  groupVariance?: number | null;
}

/** One SVAR link: finish-to-start from source to target. */
export interface GanttArrow {
  id: number;
  source: number;
  target: number;
  type: 'e2s';
  lag: number;
  critical: boolean;
  /** The lag counts working days (the demand plans in them). */
  uteis?: boolean;
}

const NO_ONE = 'Sem responsável';

function taskRow(t: GanttTask, parent: number | string): GanttRow {
  return {
    id: t.id,
    text: t.titulo,
    ...toBarDates(t.start, t.end),
    type: 'task',
    parent,
    progress: 0,
    kind: 'task',
    task: t,
    stage: t.stage,
    critical: t.critical,
    editable: t.editable,
  };
}

const byStart = (a: GanttTask, b: GanttTask) =>
  a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.id - b.id;

/** Rows of one demand's Gantt: its tasks by start date, no grouping. */
export function flatRows(tasks: readonly GanttTask[]): GanttRow[] {
  return [...tasks].sort(byStart).map((t) => taskRow(t, 0));
}

interface Group {
  key: string;
  label: string;
  order: string;
  tasks: GanttTask[];
}

function groupsOf(tasks: readonly GanttTask[], by: GanttGroupBy): Group[] {
  const map = new Map<string, Group>();
  for (const t of tasks) {
    const key = by === 'pessoa' ? `p:${t.responsavel_id ?? 'nenhum'}` : `d:${t.mural_id}`;
    const label = by === 'pessoa' ? (t.responsavel_nome ?? NO_ONE) : t.mural_titulo;
    let g = map.get(key);
    if (!g) {
      // people by name ("Sem responsável" last); demands by their first task
      const order =
        by === 'pessoa'
          ? `${t.responsavel_id === null ? '1' : '0'}${label.toLocaleLowerCase('pt-BR')}`
          : '';
      g = { key, label, order, tasks: [] };
      map.set(key, g);
    }
    g.tasks.push(t);
  }
  const groups = [...map.values()];
  for (const g of groups) {
    g.tasks.sort(byStart);
    if (by === 'demanda') g.order = `${g.tasks[0]!.start}${g.label}`;
  }
  return groups.sort((a, b) => a.order.localeCompare(b.order, 'pt-BR'));
}

/**
 * Rows of the team Gantt: one summary row per person (or demand) spanning its tasks, then
 * its tasks by start date. Groups without tasks in the range are left out.
 */
export function groupedRows(tasks: readonly GanttTask[], by: GanttGroupBy): GanttRow[] {
  const rows: GanttRow[] = [];
  for (const g of groupsOf(tasks, by)) {
    const first = g.tasks[0]!;
    const last = g.tasks.reduce((a, t) => (t.end > a ? t.end : a), first.end);
    rows.push({
      id: `grupo-${g.key}`,
      text: g.label,
      ...toBarDates(first.start, last),
      type: 'summary',
      parent: 0,
      open: true,
      progress: 0,
      kind: 'group',
      critical: false,
      editable: false,
      count: g.tasks.length,
    });
    for (const t of g.tasks) rows.push(taskRow(t, `grupo-${g.key}`));
  }
  return rows;
}

/** Rows with the chosen baseline's task beside each one (rows themselves when none is chosen). */
export function withBaseline(
  rows: GanttRow[],
  tasks: readonly BaselineTask[] | undefined,
): GanttRow[] {
  if (!tasks) return rows;
  const byId = new Map(tasks.map((b) => [b.protocol_id, b]));
  return rows.map((r) => {
    const b = typeof r.id === 'number' ? byId.get(r.id) : undefined;
    return b ? { ...r, baseline: b } : r;
  });
}

/**
 * Rows of the team Gantt with a team baseline: each task's saved span, and, grouped by demand,
 * each demand's finish variance on its group row.
 */
export function withTeamBaseline(
  rows: GanttRow[],
  baseline: TeamBaselineDetail | undefined,
): GanttRow[] {
  if (!baseline) return rows;
  const byDemand = new Map(baseline.por_demanda.map((d) => [`grupo-d:${d.mural_id}`, d]));
  return withBaseline(rows, baseline.tasks).map((r) => {
    const d = r.kind === 'group' ? byDemand.get(String(r.id)) : undefined;
    return d ? { ...r, groupVariance: d.variacao } : r;
  });
}

/** Arrows for the links whose both ends are rows of the chart. */
export function arrows(
  links: readonly GanttLink[],
  rows: readonly GanttRow[],
  uteis = false,
): GanttArrow[] {
  const ids = new Set(rows.filter((r) => r.kind === 'task').map((r) => r.id));
  return links
    .filter((l) => ids.has(l.predecessor_id) && ids.has(l.protocol_id))
    .map((l) => ({
      id: l.id,
      source: l.predecessor_id,
      target: l.protocol_id,
      type: 'e2s',
      lag: l.lag_days,
      critical: l.critical,
      ...(uteis ? { uteis } : {}),
    }));
}

/** Team members with no task in the range (named under the chart). */
export function idleMembers(
  members: readonly TeamMember[],
  tasks: readonly GanttTask[],
): TeamMember[] {
  const busy = new Set(tasks.map((t) => t.responsavel_id));
  return members.filter((m) => !busy.has(m.id));
}

/** Ids (as the DOM writes them) of the critical arrows. */
export function criticalLinkIds(list: readonly GanttArrow[]): Set<string> {
  return new Set(list.filter((l) => l.critical).map((l) => String(l.id)));
}
