import {
  CALENDAR_DAYS,
  cascade,
  formatDateBr,
  startViolations,
  type CalendarOf,
  type CascadedTask,
  type ScheduleDependency,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { calendarsOfMurals } from '../calendar/calendar.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createProtocolGraphRepo, type GraphTask } from './protocol-graph.repo.ts';
import { createProtocolItemsRepo } from './protocol-items.repo.ts';
import { createProtocolsRepo } from './protocols.repo.ts';

export type Publish = () => Promise<void>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The part of the graph a change to `rootIds` can touch: links, task dates and the calendar
 * each task counts in (its demand's: calendar days, or working days).
 */
export async function loadGraph(tx: DbOrTx, rootIds: number[]) {
  const graph = createProtocolGraphRepo(tx);
  const links = await graph.downstreamLinks(rootIds);
  const deps: ScheduleDependency[] = links.map((l) => ({
    id: l.id,
    protocol_id: l.protocolId,
    predecessor_id: l.predecessorId,
    lag_days: l.lagDays,
  }));
  const ids = new Set<number>(rootIds);
  for (const d of deps) {
    ids.add(d.protocol_id);
    ids.add(d.predecessor_id);
  }
  const tasks = await graph.tasks([...ids]);
  const calendars = await calendarsOfMurals(
    tx,
    tasks.map((t) => t.muralId),
  );
  const muralOf = new Map(tasks.map((t) => [t.id, t.muralId]));
  const calendarOf: CalendarOf = (id) => calendars.get(muralOf.get(id) ?? 0) ?? CALENDAR_DAYS;
  return { deps, tasks, calendarOf };
}

/**
 * Refuses (400, Portuguese) a start the task's predecessors do not allow: it may start on the
 * day after a predecessor ends plus the link's lag (scheduling.ts).
 */
export function assertStartAllowed(
  tasks: GraphTask[],
  deps: ScheduleDependency[],
  taskId: number,
  start: string | null,
  calendarOf?: CalendarOf,
) {
  const [worst] = startViolations(tasks, deps, taskId, start, calendarOf);
  if (!worst) return;
  const pred = tasks.find((t) => t.id === worst.dependency.predecessor_id);
  const lag = worst.dependency.lag_days;
  const working = calendarOf !== undefined && calendarOf(taskId) !== CALENDAR_DAYS;
  const days = (n: number) =>
    working ? plural(n, 'dia útil', 'dias úteis') : plural(n, 'dia', 'dias');
  const lagText =
    lag > 0 ? ` com intervalo de ${days(lag)}` : lag < 0 ? ` com antecipação de ${days(-lag)}` : '';
  throw new AppError(
    'VALIDATION',
    `A tarefa só pode começar a partir de ${formatDateBr(worst.earliest_start)}, pois depende de "${pred?.titulo ?? 'outra tarefa'}"${lagText}.`,
    'inicio_previsto',
  );
}

/**
 * Pushes the successors of `changed` (whose new dates are given) that would start too early,
 * inside the caller's transaction: updates their dates, writes 'datas_cascata' in each one's
 * history and prepares a date_changed notification for each responsável.
 */
export async function applyCascade(
  tx: DbOrTx,
  notifications: NotificationsService,
  input: {
    actorId: number;
    changed: GraphTask;
    tasks: GraphTask[];
    deps: ScheduleDependency[];
    /** The calendar each task counts in (loadGraph's). */
    calendarOf?: CalendarOf;
    /** Why, for the history text: usually the changed task's title. */
    cause: string;
  },
): Promise<{ moved: (CascadedTask & { muralId: number })[]; publishers: Publish[] }> {
  const shifts = cascade(input.tasks, input.deps, input.changed, input.calendarOf);
  if (shifts.length === 0) return { moved: [], publishers: [] };
  const byId = new Map(input.tasks.map((t) => [t.id, t]));
  const repo = createProtocolsRepo(tx);
  const items = createProtocolItemsRepo(tx);
  await repo.lockMany(shifts.map((s) => s.id));
  const moved: (CascadedTask & { muralId: number })[] = [];
  const publishers: Publish[] = [];
  for (const s of shifts) {
    const task = byId.get(s.id)!;
    await repo.update(s.id, {
      inicioPrevisto: s.after.inicio_previsto,
      fimPrevisto: s.after.fim_previsto,
    });
    const days = plural(s.shift_days, 'dia', 'dias');
    await items.insertHistory({
      protocolId: s.id,
      authorId: input.actorId,
      action: 'datas_cascata',
      before: { ...s.before },
      after: { ...s.after, shift_days: s.shift_days, causa_id: input.changed.id },
      texto: `Adiada ${days} porque "${input.cause}" mudou de data.`,
    });
    if (task.responsavelId) {
      const periodo = s.after.fim_previsto
        ? ` Novo prazo: ${formatDateBr(s.after.fim_previsto)}.`
        : '';
      publishers.push(
        await notifications.notify(
          {
            userIds: [task.responsavelId],
            type: 'date_changed',
            authorId: input.actorId,
            muralId: task.muralId,
            protocolId: s.id,
            texto: `A tarefa "${task.titulo}" foi adiada ${days} porque "${input.cause}" mudou de data.${periodo}`,
          },
          tx,
        ),
      );
    }
    moved.push({
      id: s.id,
      muralId: task.muralId,
      titulo: task.titulo,
      shift_days: s.shift_days,
      inicio_previsto: s.after.inicio_previsto,
      fim_previsto: s.after.fim_previsto,
    });
  }
  return { moved, publishers };
}
