import {
  CALENDAR_DAYS,
  criticalPath,
  muralLinks,
  todayIn,
  type GanttMuralChanges,
  type GanttMuralResponse,
  type GanttTeamChanges,
  type ganttTeamChangesQuery,
  type ganttTeamQuery,
  type GanttTeamResponse,
  type ScheduleDependency,
  type WorkingCalendar,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { calendarsOfMurals } from '../calendar/calendar.service.ts';
import { toGanttLink, toGanttTask } from './planning-mapper.ts';
import {
  createPlanningRepo,
  type DependencyRow,
  type MuralRow,
  type TaskDatesRow,
} from './planning.repo.ts';
import type { createTeamService } from './team.service.ts';

type TeamQuery = z.output<typeof ganttTeamQuery>;
type TeamChangesQuery = z.output<typeof ganttTeamChangesQuery>;

interface Critical {
  tasks: Set<number>;
  links: Set<number>;
  days: number;
}

const asSchedule = (d: DependencyRow): ScheduleDependency => ({
  id: d.id,
  protocol_id: d.protocolId,
  predecessor_id: d.predecessorId,
  lag_days: d.lagDays,
});

/**
 * Critical path of each demand, from its dated tasks and the links inside it (scheduling.ts).
 * Links between demands are drawn but do not join their paths. A demand that plans in working
 * days counts its durations and lags in its calendar (`calendars`, by demand id).
 */
export function criticalByMural(
  tasks: TaskDatesRow[],
  deps: DependencyRow[],
  calendars: ReadonlyMap<number, WorkingCalendar> = new Map(),
): Critical {
  const muralOf = new Map(tasks.map((t) => [t.id, t.muralId]));
  const out: Critical = { tasks: new Set(), links: new Set(), days: 0 };
  const groups = new Map<number, TaskDatesRow[]>();
  for (const t of tasks) {
    const list = groups.get(t.muralId);
    if (list) list.push(t);
    else groups.set(t.muralId, [t]);
  }
  const depsOf = new Map<number, DependencyRow[]>();
  for (const d of deps) {
    const m = muralOf.get(d.protocolId);
    if (m === undefined || muralOf.get(d.predecessorId) !== m) continue;
    const list = depsOf.get(m);
    if (list) list.push(d);
    else depsOf.set(m, [d]);
  }
  for (const [muralId, list] of groups) {
    const inside = depsOf.get(muralId) ?? [];
    try {
      const cp = criticalPath(
        list.map((t) => ({
          id: t.id,
          inicio_previsto: t.inicioPrevisto,
          fim_previsto: t.fimPrevisto,
        })),
        inside.map(asSchedule),
        () => calendars.get(muralId) ?? CALENDAR_DAYS,
      );
      for (const id of cp.critical_task_ids) out.tasks.add(id);
      for (const id of cp.critical_dependency_ids) out.links.add(id);
      out.days = Math.max(out.days, cp.length_days);
    } catch {
      // A cycle is never stored (the tasks service refuses it); draw without a critical path.
    }
  }
  return out;
}

/** The header of a demand's chart. */
function ganttMural(m: MuralRow): GanttMuralResponse['mural'] {
  return {
    id: m.id,
    titulo: m.titulo,
    stage: m.stage,
    inicio_previsto: m.inicioPrevisto,
    fim_previsto: m.fimPrevisto,
    inicio_real: m.inicioReal,
    fim_real: m.fimReal,
    links: muralLinks(m.id),
    version: m.version,
  };
}

/** Gantt sources: one demand, or the team timeline. */
export function createGanttService(
  deps: ServiceDeps,
  { teams }: { teams: ReturnType<typeof createTeamService> },
) {
  const { db } = deps.database;
  const repo = createPlanningRepo(db);
  const scope = deps.access.scope(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  /** The coordenador's team when one is asked (404 out of scope), else everyone in scope. */
  async function membersOf(u: ScopeUser, coordenadorId: number | undefined) {
    if (coordenadorId === undefined) return undefined;
    return (await teams.team(u, coordenadorId)).map((p) => p.id);
  }

  return {
    /** GET /gantt/murals/{id}: dated tasks of the demand, its links and critical path. */
    async ofMural(u: ScopeUser, muralId: number): Promise<GanttMuralResponse> {
      await scope.assertMuralVisible(u, muralId);
      const [mural, rows, links, calendars] = await Promise.all([
        repo.mural(muralId),
        repo.tasksOfMural(muralId),
        repo.dependenciesOfMurals([muralId]),
        calendarsOfMurals(db, [muralId]),
      ]);
      if (!mural) throw new AppError('NOT_FOUND', 'Demanda não encontrada.');
      const dated = rows.filter((t) => t.inicioPrevisto ?? t.fimPrevisto);
      const critical = criticalByMural(dated, links, calendars);
      const ids = new Set(dated.map((t) => t.id));
      const day = today();
      return {
        mural: ganttMural(mural),
        tasks: dated.map((t) =>
          toGanttTask(t, { u, today: day, critical: critical.tasks.has(t.id) }),
        ),
        links: links
          .filter((d) => ids.has(d.protocolId) && ids.has(d.predecessorId))
          .map((d) => toGanttLink(d, critical.links.has(d.id))),
        sem_datas: rows.length - dated.length,
        critical_days: critical.days,
      };
    },

    /**
     * GET /gantt/murals/{id}/changes: what changed in the demand's chart since
     * `updated_since`: its dated tasks changed since (all when the demand changed), the ids of
     * every dated task, the critical path now, and the header and arrows whole.
     */
    async muralChanges(u: ScopeUser, muralId: number, since: string): Promise<GanttMuralChanges> {
      const cursor = nextSyncCursor();
      await scope.assertMuralVisible(u, muralId);
      const [mural, rows, dates, links, undated, calendars] = await Promise.all([
        repo.mural(muralId),
        repo.tasksOfMural(muralId, since),
        repo.datesOfMurals([muralId]),
        repo.dependenciesOfMurals([muralId]),
        repo.undatedOfMural(muralId),
        calendarsOfMurals(db, [muralId]),
      ]);
      if (!mural) throw new AppError('NOT_FOUND', 'Demanda não encontrada.');
      const critical = criticalByMural(dates, links, calendars);
      const ids = new Set(dates.map((t) => t.id));
      const day = today();
      return {
        mural: ganttMural(mural),
        tasks: rows
          .filter((t) => ids.has(t.id))
          .map((t) => toGanttTask(t, { u, today: day, critical: critical.tasks.has(t.id) })),
        ids: dates.map((t) => t.id),
        critical: dates.filter((t) => critical.tasks.has(t.id)).map((t) => t.id),
        links: links
          .filter((d) => ids.has(d.protocolId) && ids.has(d.predecessorId))
          .map((d) => toGanttLink(d, critical.links.has(d.id))),
        sem_datas: undated,
        critical_days: critical.days,
        cursor,
      };
    },

    /** GET /gantt/team: tasks touching the range (of a coordenador's team when given). */
    async team(u: ScopeUser, q: TeamQuery): Promise<GanttTeamResponse> {
      const members = await membersOf(u, q.coordenador_id);
      const rows = await repo.tasksInRange(u, q, { responsavelIds: members });
      const muralIds = [...new Set(rows.map((t) => t.muralId))];
      const [dates, links, semDatas, calendars] = await Promise.all([
        repo.datesOfMurals(muralIds),
        repo.dependenciesOfMurals(muralIds),
        repo.undatedCount(u, members),
        calendarsOfMurals(db, muralIds),
      ]);
      const critical = criticalByMural(dates, links, calendars);
      const ids = new Set(rows.map((t) => t.id));
      const day = today();
      return {
        start: q.start,
        end: q.end,
        tasks: rows.map((t) =>
          toGanttTask(t, { u, today: day, critical: critical.tasks.has(t.id) }),
        ),
        links: links
          .filter((d) => ids.has(d.protocolId) && ids.has(d.predecessorId))
          .map((d) => toGanttLink(d, critical.links.has(d.id))),
        sem_datas: semDatas,
      };
    },

    /**
     * GET /gantt/team/changes: what changed in the team timeline since `updated_since`. The
     * demands in the range that changed, or any of whose tasks did (a moved task can change
     * its siblings' critical flags, a removed link touches no task's version), answer all
     * their tasks in the range and the arrows touching them; `ids` lists every task in the
     * range now.
     */
    async teamChanges(u: ScopeUser, q: TeamChangesQuery): Promise<GanttTeamChanges> {
      const cursor = nextSyncCursor();
      const members = await membersOf(u, q.coordenador_id);
      const filter = { responsavelIds: members };
      const inRange = await repo.taskIdsInRange(u, q, filter);
      const touched = await repo.touchedMurals(
        [...new Set(inRange.map((t) => t.muralId))],
        q.updated_since,
      );
      const [rows, dates, inside, touching, semDatas, calendars] = await Promise.all([
        repo.tasksInRange(u, q, { ...filter, muralIds: touched }),
        repo.datesOfMurals(touched),
        repo.dependenciesOfMurals(touched),
        repo.dependenciesTouching(touched),
        repo.undatedCount(u, members),
        calendarsOfMurals(db, touched),
      ]);
      const critical = criticalByMural(dates, inside, calendars);
      const ids = new Set(inRange.map((t) => t.id));
      const day = today();
      return {
        murals: touched,
        tasks: rows.map((t) =>
          toGanttTask(t, { u, today: day, critical: critical.tasks.has(t.id) }),
        ),
        ids: inRange.map((t) => t.id),
        links: touching
          .filter((d) => ids.has(d.protocolId) && ids.has(d.predecessorId))
          .map((d) => toGanttLink(d, critical.links.has(d.id))),
        sem_datas: semDatas,
        cursor,
      };
    },
  };
}
