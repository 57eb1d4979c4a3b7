import { describe, expect, it } from 'vitest';

import type { DependencyCreateResponse, ProtocolUpdateResponse } from '@eproto/domain';
import { addedMessage } from '../api/add-dependency.ts';
import { moveFailedMessage } from '../api/move-protocol.ts';
import { savedMessage } from '../api/update-protocol.ts';
import { lagText } from '../components/dependencies-panel.tsx';

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
});
