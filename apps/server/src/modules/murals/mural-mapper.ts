import { isLate, type Mural, type MuralPermissions, type MuralSummary } from '@eproto/domain';
import type { MuralRow } from './murals.repo.ts';

/** The demand columns a listed card needs (murals.repo.ts listColumns). */
export type SummaryMural = Pick<
  MuralRow,
  | 'id'
  | 'titulo'
  | 'boardId'
  | 'contractId'
  | 'prioridade'
  | 'stage'
  | 'responsavelId'
  | 'inicioPrevisto'
  | 'fimPrevisto'
  | 'inicioReal'
  | 'fimReal'
  | 'financeStatus'
  | 'recurrenceId'
  | 'lastActivityAt'
  | 'lastActivityBy'
  | 'createdAt'
  | 'updatedAt'
>;

export interface SummaryRow {
  mural: SummaryMural;
  boardNome: string;
  contractNome: string | null;
  respNome: string | null;
  respAvatar: string | null;
  viewedAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Someone else acted after the user's last visit. */
export function isUnread(
  m: Pick<MuralRow, 'lastActivityAt' | 'lastActivityBy'>,
  viewedAt: Date | null,
  userId: number,
): boolean {
  if (m.lastActivityBy === userId || m.lastActivityBy === null) return false;
  return !viewedAt || viewedAt < m.lastActivityAt;
}

/** A demand row as listed (summary, kanban). */
export function toSummary(r: SummaryRow, userId: number, today: string): MuralSummary {
  const m = r.mural;
  return {
    id: m.id,
    titulo: m.titulo,
    board_id: m.boardId,
    board_nome: r.boardNome,
    contract_id: m.contractId,
    contract_nome: r.contractNome,
    prioridade: m.prioridade,
    stage: m.stage,
    responsavel_id: m.responsavelId,
    responsavel_nome: r.respNome,
    responsavel_avatar:
      r.respAvatar && m.responsavelId ? `/api/users/${m.responsavelId}/avatar-image` : null,
    inicio_previsto: m.inicioPrevisto,
    fim_previsto: m.fimPrevisto,
    inicio_real: m.inicioReal,
    fim_real: m.fimReal,
    finance_status: m.financeStatus,
    recurrence_id: m.recurrenceId,
    atrasada: isLate(m.stage, m.fimPrevisto, today),
    unread: isUnread(m, r.viewedAt, userId),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

/** The demand page header. */
export function toDetail(
  r: SummaryRow & { mural: MuralRow; createdByNome: string | null },
  userId: number,
  today: string,
  permissions: MuralPermissions,
): Mural {
  const m = r.mural;
  return {
    ...toSummary(r, userId, today),
    descricao: m.descricao,
    created_by: m.createdBy,
    created_by_nome: r.createdByNome,
    finance_sent_at: iso(m.financeSentAt),
    finance_sent_by: m.financeSentBy,
    finance_viewed_at: iso(m.financeViewedAt),
    finance_viewed_by: m.financeViewedBy,
    finance_done_at: iso(m.financeDoneAt),
    finance_done_by: m.financeDoneBy,
    dias_uteis: m.diasUteis,
    permissions,
  };
}

/** The fields history records, with their API names. */
export function historyFields(m: Partial<MuralRow>): Record<string, unknown> {
  const map: Record<string, unknown> = {
    titulo: m.titulo,
    descricao: m.descricao,
    board_id: m.boardId,
    contract_id: m.contractId,
    prioridade: m.prioridade,
    stage: m.stage,
    responsavel_id: m.responsavelId,
    inicio_previsto: m.inicioPrevisto,
    fim_previsto: m.fimPrevisto,
    inicio_real: m.inicioReal,
    fim_real: m.fimReal,
    dias_uteis: m.diasUteis,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined));
}
