import { protocolHistoryLabel, type WorkItemHistory } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { historyChanges } from '../history-format.ts';

// Moved from features/protocols (describeHistory): the task history is read by the same
// formatter as the demand's now.
const entry = (over: Partial<WorkItemHistory>): WorkItemHistory => ({
  id: 1,
  action: 'datas_alteradas',
  author_id: 1,
  author_nome: 'Fernanda Lima',
  before: null,
  after: null,
  texto: null,
  created_at: '2026-03-01T12:00:00.000Z',
  ...over,
});
const names = { people: new Map<number, string>() };

describe('task history entries', () => {
  it('turns history entries into labelled changes with pt-BR dates', () => {
    const h = entry({
      before: { fim_previsto: '2026-04-03' },
      after: { fim_previsto: '2026-04-05' },
    });
    expect(protocolHistoryLabel(h.action)).toBe('Datas alteradas');
    expect(historyChanges(h, names)).toEqual([
      { field: 'fim_previsto', label: 'Fim previsto', before: '03/04/2026', after: '05/04/2026' },
    ]);
    const stage = entry({
      action: 'revisao_rejeitada',
      before: { stage: 'em_revisao' },
      after: { stage: 'em_andamento', review_status: 'rejeitado' },
    });
    expect(protocolHistoryLabel(stage.action)).toBe('Revisão rejeitada');
    expect(historyChanges(stage, names)).toEqual([
      { field: 'stage', label: 'Etapa', before: 'Em revisão', after: 'Em andamento' },
      { field: 'review_status', label: 'Revisão', before: null, after: 'Rejeitada' },
    ]);
    expect(protocolHistoryLabel('datas_cascata')).toBe('Datas ajustadas pela dependência');
  });

  it('keeps ids of links and messages out of the text', () => {
    const link = entry({
      action: 'dependencia_adicionada',
      after: { dependency_id: 4, predecessor_id: 9, lag_days: 2 },
    });
    expect(historyChanges(link, names)).toEqual([
      { field: 'lag_days', label: 'Intervalo', before: null, after: '2 dias' },
    ]);
    const message = entry({ action: 'mensagem', after: { message_id: 3, mentions: [1] } });
    expect(historyChanges(message, names)).toEqual([]);
  });
});
