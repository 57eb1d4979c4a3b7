import type { MuralSummary } from '@eproto/domain';

/** A listed demand for web tests: "Demanda <id>" on board 1, nothing optional set, unless overridden. */
export function muralSummary(over: Partial<MuralSummary> = {}): MuralSummary {
  const id = over.id ?? 1;
  return {
    id,
    titulo: `Demanda ${id}`,
    board_id: 1,
    board_nome: 'Quadro',
    contract_id: null,
    contract_nome: null,
    prioridade: 'media',
    stage: 'a_fazer',
    responsavel_id: null,
    responsavel_nome: null,
    responsavel_avatar: null,
    inicio_previsto: null,
    fim_previsto: null,
    inicio_real: null,
    fim_real: null,
    finance_status: null,
    recurrence_id: null,
    atrasada: false,
    unread: false,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...over,
  };
}
