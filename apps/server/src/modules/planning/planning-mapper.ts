import {
  isLate,
  muralLinks,
  taskLinks,
  type CalendarItem,
  type GanttLink,
  type GanttTask,
} from '@eproto/domain';
import { isManager, type ScopeUser } from '../access/scope.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import type { MuralRow, TaskRow } from './planning.repo.ts';

/**
 * Who may move a task's planned dates: gestores who see it, the demand's responsável and
 * creator, and the task's responsável (the editors of protocols/protocol-access.ts, the people
 * PATCH /api/eproto/protocols/{id} accepts).
 */
export function canEditTask(u: ScopeUser, t: TaskRow): boolean {
  return (
    isManager(u) ||
    t.muralResponsavelId === u.id ||
    t.muralCreatedBy === u.id ||
    t.responsavelId === u.id
  );
}

/** Who may move a demand's planned dates: gestores and its creator (PATCH /murals/{id}). */
export function canEditMural(u: ScopeUser, m: MuralRow): boolean {
  return isManager(u) || m.createdBy === u.id;
}

/** Bar dates of a dated item: a one-dated item is a one-day bar. */
function span(v: { inicioPrevisto: string | null; fimPrevisto: string | null }) {
  const start = (v.inicioPrevisto ?? v.fimPrevisto)!;
  return { start, end: v.fimPrevisto ?? start };
}

export function toGanttTask(
  t: TaskRow,
  o: { u: ScopeUser; today: string; critical: boolean },
): GanttTask {
  return {
    id: t.id,
    mural_id: t.muralId,
    mural_titulo: t.muralTitulo,
    titulo: t.titulo,
    stage: t.stage,
    prioridade: t.prioridade,
    responsavel_id: t.responsavelId,
    responsavel_nome: t.responsavelNome,
    responsavel_avatar: t.responsavelId
      ? avatarUrl({ id: t.responsavelId, avatarPath: t.responsavelAvatarPath })
      : null,
    ...span(t),
    inicio_previsto: t.inicioPrevisto,
    fim_previsto: t.fimPrevisto,
    inicio_real: t.inicioReal,
    fim_real: t.fimReal,
    atrasada: isLate(t.stage, t.fimPrevisto, o.today),
    critical: o.critical,
    editable: canEditTask(o.u, t),
    links: taskLinks(t.id),
    mural_version: t.muralVersion,
  };
}

export function taskCalendarItem(t: TaskRow, u: ScopeUser, today: string): CalendarItem {
  return {
    type: 'task',
    id: t.id,
    title: t.titulo,
    stage: t.stage,
    prioridade: t.prioridade,
    ...span(t),
    mural_id: t.muralId,
    mural_titulo: t.muralTitulo,
    responsavel_id: t.responsavelId,
    responsavel_nome: t.responsavelNome,
    atrasada: isLate(t.stage, t.fimPrevisto, today),
    editable: canEditTask(u, t),
    links: taskLinks(t.id),
    version: t.version,
  };
}

export function muralCalendarItem(m: MuralRow, u: ScopeUser, today: string): CalendarItem {
  return {
    type: 'mural',
    id: m.id,
    title: m.titulo,
    stage: m.stage,
    prioridade: m.prioridade,
    ...span(m),
    mural_id: m.id,
    mural_titulo: m.titulo,
    responsavel_id: m.responsavelId,
    responsavel_nome: m.responsavelNome,
    atrasada: isLate(m.stage, m.fimPrevisto, today),
    editable: canEditMural(u, m),
    links: muralLinks(m.id),
    version: m.version,
  };
}

/** A dependency as a Gantt arrow. */
export function toGanttLink(
  d: { id: number; protocolId: number; predecessorId: number; lagDays: number },
  critical: boolean,
): GanttLink {
  return {
    id: d.id,
    predecessor_id: d.predecessorId,
    protocol_id: d.protocolId,
    lag_days: d.lagDays,
    critical,
  };
}
