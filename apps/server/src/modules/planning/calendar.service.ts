import {
  calendarOrder,
  defaultCalendarRange,
  todayIn,
  type CalendarChanges,
  type calendarChangesQuery,
  type CalendarItem,
  type calendarQuery,
  type muralCalendarChangesQuery,
  type muralCalendarQuery,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { muralCalendarItem, taskCalendarItem } from './planning-mapper.ts';
import { createPlanningRepo } from './planning.repo.ts';

type CalendarQuery = z.output<typeof calendarQuery>;
type MuralCalendarQuery = z.output<typeof muralCalendarQuery>;
type MuralCalendarChangesQuery = z.output<typeof muralCalendarChangesQuery>;
type CalendarChangesQuery = z.output<typeof calendarChangesQuery>;

const byStart = calendarOrder;

/** No range asked (SPEC lists the call bare): the current month, a week on each side. */
const rangeOf = (q: { start?: string; end?: string }, day: string) =>
  q.start && q.end ? { start: q.start, end: q.end } : defaultCalendarRange(day);

/** Whether an entry touches the demand tab's optional start..end. */
const inRangeOf =
  (q: { start?: string; end?: string }) =>
  (i: { start: string; end: string }): boolean =>
    (!q.start || i.end >= q.start) && (!q.end || i.start <= q.end);

/** Calendar entries: visible demands and tasks by their planned dates. */
export function createCalendarService(deps: ServiceDeps) {
  const { db } = deps.database;
  const repo = createPlanningRepo(db);
  const scope = deps.access.scope(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  return {
    /** GET /calendar: demands and tasks the caller sees whose dates touch start..end. */
    async range(u: ScopeUser, q: CalendarQuery): Promise<CalendarItem[]> {
      const day = today();
      const range = rangeOf(q, day);
      const [murals, tasks] = await Promise.all([
        q.type === 'task' ? [] : repo.muralsInRange(u, range),
        q.type === 'mural' ? [] : repo.tasksInRange(u, range),
      ]);
      return [
        ...murals.map((m) => muralCalendarItem(m, u, day)),
        ...tasks.map((t) => taskCalendarItem(t, u, day)),
      ].sort(byStart);
    },

    /**
     * GET /calendar/changes: the entries of GET /calendar changed since `updated_since` (a
     * task's also when its demand changed) and the ids of every entry in the range now.
     */
    async changes(u: ScopeUser, q: CalendarChangesQuery): Promise<CalendarChanges> {
      const cursor = nextSyncCursor();
      const day = today();
      const range = rangeOf(q, day);
      const since = q.updated_since;
      const [murals, tasks, muralIds, taskIds] = await Promise.all([
        q.type === 'task' ? [] : repo.muralsInRange(u, range, since),
        q.type === 'mural' ? [] : repo.tasksInRange(u, range, { since }),
        q.type === 'task' ? [] : repo.muralIdsInRange(u, range),
        q.type === 'mural' ? [] : repo.taskIdsInRange(u, range),
      ]);
      return {
        items: [
          ...murals.map((m) => muralCalendarItem(m, u, day)),
          ...tasks.map((t) => taskCalendarItem(t, u, day)),
        ].sort(byStart),
        murals: muralIds,
        tasks: taskIds.map((t) => t.id),
        cursor,
      };
    },

    /** GET /murals/{id}/calendar: the demand and its dated tasks (404 out of scope). */
    async ofMural(u: ScopeUser, muralId: number, q: MuralCalendarQuery): Promise<CalendarItem[]> {
      await scope.assertMuralVisible(u, muralId);
      const day = today();
      const [mural, tasks] = await Promise.all([repo.mural(muralId), repo.tasksOfMural(muralId)]);
      const items: CalendarItem[] = [];
      if (mural && (mural.inicioPrevisto ?? mural.fimPrevisto))
        items.push(muralCalendarItem(mural, u, day));
      for (const t of tasks)
        if (t.inicioPrevisto ?? t.fimPrevisto) items.push(taskCalendarItem(t, u, day));
      return items.filter(inRangeOf(q)).sort(byStart);
    },

    /**
     * GET /murals/{id}/calendar/changes: as GET /calendar/changes for the demand's own tab:
     * its entries changed since `updated_since` (a task's also when the demand changed) and
     * the ids of every entry in it now (404 out of scope).
     */
    async muralChanges(
      u: ScopeUser,
      muralId: number,
      q: MuralCalendarChangesQuery,
    ): Promise<CalendarChanges> {
      const cursor = nextSyncCursor();
      await scope.assertMuralVisible(u, muralId);
      const day = today();
      const since = q.updated_since;
      const [mural, changedMural, tasks, changedTasks] = await Promise.all([
        repo.mural(muralId),
        repo.mural(muralId, since),
        repo.datesOfMurals([muralId]),
        repo.tasksOfMural(muralId, since),
      ]);
      const inRange = inRangeOf(q);
      const isIn = (v: { inicioPrevisto: string | null; fimPrevisto: string | null }) => {
        const start = v.inicioPrevisto ?? v.fimPrevisto;
        return start !== null && inRange({ start, end: v.fimPrevisto ?? start });
      };
      const items: CalendarItem[] = [];
      if (changedMural && isIn(changedMural)) items.push(muralCalendarItem(changedMural, u, day));
      for (const t of changedTasks) if (isIn(t)) items.push(taskCalendarItem(t, u, day));
      return {
        items: items.sort(byStart),
        murals: mural && isIn(mural) ? [mural.id] : [],
        tasks: tasks.filter(isIn).map((t) => t.id),
        cursor,
      };
    },
  };
}
