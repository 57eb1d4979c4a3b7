import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { PlanGenerateResult } from '@eproto/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../../test/render.tsx';
import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { GenerateNowButton, generationMessage } from '../components/generate-now-button.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
beforeEach(() => vi.mocked(notifications.show).mockClear());
afterEach(() => vi.unstubAllGlobals());

const base: PlanGenerateResult = {
  oss_abertas: 0,
  vencimentos_abertos: 0,
  oss_existentes: 0,
  vencimentos_existentes: 0,
  horizonte_dias: 30,
  ate: '2026-04-09',
  abertas: [],
};
const os = (n: number) => ({ id: n, codigo: `OS-2026-00000${n}`, dia: '2026-03-16' });

const shown = () => vi.mocked(notifications.show).mock.calls.map((c) => c[0].message);

describe('"Gerar OSs agora"', () => {
  it('posts the contract and tells, in Portuguese, what it opened', async () => {
    const api = stubApi({
      'POST /api/tatico/ativos/planos/gerar': {
        ...base,
        oss_abertas: 2,
        vencimentos_abertos: 3,
        abertas: [os(1), os(2)],
      },
    });
    const user = userEvent.setup();
    renderUi(<GenerateNowButton contractId={7} />);
    await user.click(screen.getByRole('button', { name: 'Gerar OSs agora' }));
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(api.bodies('POST', '/api/tatico/ativos/planos/gerar')).toEqual([{ contract_id: 7 }]);
    expect(shown()).toEqual([
      '2 OSs preventivas abertas agora (3 manutenções até 09/04/2026): OS-2026-000001, OS-2026-000002.',
    ]);
  });

  it('shows the server refusal as an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(
            {
              error: 'O contrato SUS-G está suspenso: ele não abre OSs preventivas.',
              code: 'CONFLICT',
            },
            409,
          ),
        ),
      ),
    );
    const user = userEvent.setup();
    renderUi(<GenerateNowButton contractId={7} />);
    await user.click(screen.getByRole('button', { name: 'Gerar OSs agora' }));
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(vi.mocked(notifications.show).mock.calls[0]![0]).toMatchObject({
      color: 'red',
      message: 'O contrato SUS-G está suspenso: ele não abre OSs preventivas.',
    });
  });

  it('words every case without "(s)" hedges', () => {
    expect(
      generationMessage({ ...base, oss_abertas: 1, vencimentos_abertos: 1, abertas: [os(1)] }),
    ).toBe('1 OS preventiva aberta agora (1 manutenção até 09/04/2026): OS-2026-000001.');
    expect(
      generationMessage({
        ...base,
        oss_abertas: 5,
        vencimentos_abertos: 12,
        oss_existentes: 1,
        vencimentos_existentes: 2,
        abertas: [1, 2, 3, 4, 5].map(os),
      }),
    ).toBe(
      '5 OSs preventivas abertas agora (12 manutenções até 09/04/2026): OS-2026-000001, OS-2026-000002, OS-2026-000003 e mais 2. 1 OS já existia.',
    );
    expect(generationMessage({ ...base, oss_existentes: 2, vencimentos_existentes: 3 })).toBe(
      'Nenhuma OS nova: as 2 OSs das manutenções até 09/04/2026 já existiam.',
    );
    expect(generationMessage({ ...base, oss_existentes: 1, vencimentos_existentes: 1 })).toBe(
      'Nenhuma OS nova: a OS das manutenções até 09/04/2026 já existia.',
    );
    expect(generationMessage(base)).toBe(
      'Nenhuma manutenção vence até 09/04/2026 (antecedência de 30 dias): nenhuma OS a abrir.',
    );
  });
});
