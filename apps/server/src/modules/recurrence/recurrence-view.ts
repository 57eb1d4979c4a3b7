import {
  nextInstance,
  upcomingDates,
  type Recurrence,
  type RecurrenceInstance,
  type RecurrenceRule,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Access } from '../../app/access.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { InstanceRow, MuralRow, SeriesRow } from './recurrence.repo.ts';
import { createRecurrenceRepo } from './recurrence.repo.ts';

/** The date rule of a stored series. */
export function ruleOf(s: SeriesRow): RecurrenceRule {
  return {
    frequencia: s.frequencia,
    intervalo: s.intervalo,
    dias_semana: s.diasSemana,
    dia_mes: s.diaMes,
    data_inicio: s.dataInicio,
    ate: s.ate,
    ocorrencias: s.ocorrencias,
  };
}

/** One instance as listed. */
export function toInstance(
  i: InstanceRow,
  mural: MuralRow,
  respNome: string | null,
): RecurrenceInstance {
  return {
    seq: i.seq,
    mural_id: mural.id,
    data_ocorrencia: i.dataOcorrencia,
    titulo: mural.titulo,
    stage: mural.stage,
    responsavel_id: mural.responsavelId,
    responsavel_nome: respNome,
    inicio_previsto: mural.inicioPrevisto,
    fim_previsto: mural.fimPrevisto,
    created_at: i.createdAt.toISOString(),
  };
}

/**
 * A series as the API shows it to `u`: where it stands (latest instance, next dates) and what
 * `u` may do — manage (gestor who sees it, or the creator of the series or of its current
 * demand) and advance (whoever may move the current demand's stage).
 */
export async function seriesView(
  access: Access,
  db: DbOrTx,
  u: ScopeUser,
  id: number,
  muralSeq: number | null = null,
): Promise<Recurrence> {
  const repo = createRecurrenceRepo(db);
  const d = await repo.detail(id);
  if (!d) throw new AppError('NOT_FOUND', 'Recorrência não encontrada.');
  const s = d.series;
  const { last, count } = await repo.latest(id);
  const rule = ruleOf(s);
  const currentSeq = last?.seq ?? 0;
  const currentData = last?.dataOcorrencia ?? s.dataInicio;
  const active = s.status === 'ativa' && last !== null;
  const mural = last ? await access.scope(db).muralAccess(u, last.muralId) : null;
  return {
    id: s.id,
    mural_id: s.baseMuralId,
    titulo: s.titulo,
    board_id: s.boardId,
    board_nome: d.boardNome,
    frequencia: s.frequencia,
    intervalo: s.intervalo,
    dias_semana: s.diasSemana,
    dia_mes: s.diaMes,
    data_inicio: s.dataInicio,
    ate: s.ate,
    ocorrencias: s.ocorrencias,
    status: s.status,
    instances_count: count,
    current_mural_id: last?.muralId ?? null,
    current_seq: currentSeq,
    current_data: currentData,
    proxima_data: active ? (nextInstance(rule, currentSeq, currentData)?.date ?? null) : null,
    proximas_datas: active ? upcomingDates(rule, currentSeq, currentData, 5) : [],
    mural_seq: muralSeq,
    created_by: s.createdBy,
    created_by_nome: d.creatorNome,
    created_at: s.createdAt.toISOString(),
    concluded_at: s.concludedAt?.toISOString() ?? null,
    concluded_by: s.concludedBy,
    can_manage: mural ? mural.manager || mural.createdBy === u.id || s.createdBy === u.id : false,
    can_advance: active && (mural?.member ?? false),
  };
}
