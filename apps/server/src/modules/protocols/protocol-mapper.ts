import {
  isLate,
  type MuralTask,
  type Protocol,
  type ProtocolPermissions,
  type ProtocolSummary,
} from '@eproto/domain';
import { avatarUrl } from '../users/users.mapper.ts';
import type { ProtocolRow, ProtocolSummaryRow } from './protocols.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The fields every view of a task shares (the demand page's task list, list, kanban card). */
export function toTaskBase(
  t: ProtocolRow,
  resp: { nome: string | null; avatarPath: string | null },
  today: string,
): MuralTask {
  return {
    id: t.id,
    mural_id: t.muralId,
    titulo: t.titulo,
    descricao: t.descricao,
    responsavel_id: t.responsavelId,
    responsavel_nome: resp.nome,
    responsavel_avatar: t.responsavelId
      ? avatarUrl({ id: t.responsavelId, avatarPath: resp.avatarPath })
      : null,
    stage: t.stage,
    prioridade: t.prioridade,
    inicio_previsto: t.inicioPrevisto,
    fim_previsto: t.fimPrevisto,
    inicio_real: t.inicioReal,
    fim_real: t.fimReal,
    horas_estimadas: t.horasEstimadas === null ? null : Number(t.horasEstimadas),
    atrasada: isLate(t.stage, t.fimPrevisto, today),
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** A task row as listed (list, kanban card). */
export function toProtocolSummary(r: ProtocolSummaryRow, today: string): ProtocolSummary {
  const t = r.task;
  return {
    ...toTaskBase(t, { nome: r.respNome, avatarPath: r.respAvatarPath }, today),
    mural_titulo: r.muralTitulo,
    board_id: r.boardId,
    contract_id: r.contractId,
    contract_nome: r.contractNome,
    review_status: t.reviewStatus,
    review_requested_at: iso(t.reviewRequestedAt),
  };
}

/** The task page. */
export function toProtocol(
  r: ProtocolSummaryRow & { createdByNome: string | null; reviewedByNome: string | null },
  today: string,
  permissions: ProtocolPermissions,
): Protocol {
  const t = r.task;
  return {
    ...toProtocolSummary(r, today),
    created_by_nome: r.createdByNome,
    reviewed_by: t.reviewedBy,
    reviewed_by_nome: r.reviewedByNome,
    reviewed_at: iso(t.reviewedAt),
    review_comment: t.reviewComment,
    permissions,
  };
}

/** API names of the task fields history records. */
export function historyFields(t: Partial<ProtocolRow>): Record<string, unknown> {
  const map: Record<string, unknown> = {
    titulo: t.titulo,
    descricao: t.descricao,
    responsavel_id: t.responsavelId,
    stage: t.stage,
    prioridade: t.prioridade,
    inicio_previsto: t.inicioPrevisto,
    fim_previsto: t.fimPrevisto,
    inicio_real: t.inicioReal,
    fim_real: t.fimReal,
    horas_estimadas:
      t.horasEstimadas === undefined || t.horasEstimadas === null
        ? t.horasEstimadas
        : Number(t.horasEstimadas),
    review_status: t.reviewStatus,
    review_comment: t.reviewComment,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined));
}
