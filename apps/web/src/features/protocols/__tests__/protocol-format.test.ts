import { describe, expect, it } from 'vitest';

import type {
  DependencyCreateResponse,
  ProtocolHistory,
  ProtocolUpdateResponse,
} from '@eproto/domain';
import { addedMessage } from '../api/add-dependency.ts';
import { moveFailedMessage } from '../api/move-protocol.ts';
import { savedMessage } from '../api/update-protocol.ts';
import { lagText } from '../components/dependencies-panel.tsx';
import { describeHistory } from '../utils/history-format.ts';

const entry = (over: Partial<ProtocolHistory>): ProtocolHistory => ({
  id: 1,
  protocol_id: 1,
  action: 'datas_alteradas',
  author_id: 1,
  author_nome: 'Fernanda Lima',
  before: null,
  after: null,
  texto: null,
  created_at: '2026-03-01T12:00:00.000Z',
  ...over,
});

describe('task texts', () => {
  it('describes lags and leads in Portuguese', () => {
    expect(lagText(0)).toBe('começa no dia seguinte');
    expect(lagText(1)).toBe('intervalo de 1 dia');
    expect(lagText(3)).toBe('intervalo de 3 dias');
    expect(lagText(-2)).toBe('antecipação de 2 dias');
  });

  it('names the successors a save pushed', () => {
    const base = { cascaded: [] } as unknown as ProtocolUpdateResponse;
    expect(savedMessage(base)).toBe('Tarefa salva.');
    const one = {
      cascaded: [
        { id: 2, titulo: 'Estrutura', shift_days: 3, inicio_previsto: null, fim_previsto: null },
      ],
    } as unknown as ProtocolUpdateResponse;
    expect(savedMessage(one)).toMatch(/"Estrutura" foi adiada/);
    const two = { cascaded: [1, 2].map((id) => ({ id })) } as unknown as ProtocolUpdateResponse;
    expect(savedMessage(two)).toMatch(/2 tarefas dependentes foram adiadas/);
    const link = {
      predecessor: { titulo: 'Projeto' },
      cascaded: [{ id: 3 }],
    } as unknown as DependencyCreateResponse;
    expect(addedMessage(link)).toBe(
      'Agora depende de "Projeto". 1 tarefa foi adiada para respeitar o intervalo.',
    );
  });

  it('explains a refused move', () => {
    expect(
      moveFailedMessage({ id: 1, stage: 'concluido', titulo: 'Laudo' }, 'Sem permissão.'),
    ).toBe('Não foi possível mover "Laudo" para Concluído. Sem permissão.');
  });

  it('turns history entries into labelled changes with pt-BR dates', () => {
    const h = describeHistory(
      entry({ before: { fim_previsto: '2026-04-03' }, after: { fim_previsto: '2026-04-05' } }),
    );
    expect(h.title).toBe('Datas alteradas');
    expect(h.changes).toEqual(['Fim previsto: 03/04/2026 → 05/04/2026']);
    const stage = describeHistory(
      entry({
        action: 'revisao_rejeitada',
        before: { stage: 'em_revisao' },
        after: { stage: 'em_andamento', review_status: 'rejeitado' },
      }),
    );
    expect(stage.title).toBe('Revisão rejeitada');
    expect(stage.changes).toContain('Etapa: Em revisão → Em andamento');
    expect(describeHistory(entry({ action: 'datas_cascata' })).title).toBe(
      'Datas ajustadas pela dependência',
    );
  });
});
