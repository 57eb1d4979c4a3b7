import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { AgendaEntry } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import CreateOsFromEntry from '../../../service-orders/components/create-os-from-entry.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const ENTRY = {
  id: 41,
  status: 'agendado',
  os: null,
  inicio: '2026-12-10T11:00:00.000Z',
  fim: '2026-12-10T15:00:00.000Z',
  pessoas: [{ id: 7, nome: 'João Pereira' }],
} as unknown as AgendaEntry;
const TYPES = {
  items: [{ id: 5, nome: 'Limpeza de calhas', ativo: true, versao: 1, itens_total: 1 }],
};
const REASON = 'João Pereira: NR-35 vencida em 12/10/2026';

function api(type: string) {
  return stubApi({
    '/api/users/me': { id: 1, nome: 'Pessoa', email: 'p@x.com', type },
    '/api/tatico/os/tipos': TYPES,
    'POST /api/tatico/sst/os/verificar': {
      tipo_atividade: { id: 2, nome: 'Trabalho em altura' },
      ok: false,
      pendencias: [{ user_id: 7, motivo: REASON }],
    },
    'POST /api/tatico/os/da-agenda': { id: 90, codigo: 'OS-2026-000090' },
  });
}

describe('Criar OS from an agenda entry: SST conflict', () => {
  it('a coordenador sees why and nothing is created', async () => {
    const calls = api('coordenador');
    const user = userEvent.setup();
    renderUi(<CreateOsFromEntry entry={ENTRY} />);
    await user.click(await screen.findByRole('button', { name: 'Criar OS' }));
    expect(await screen.findByText(REASON)).toBeTruthy();
    expect(calls.bodies('POST', '/api/tatico/sst/os/verificar')).toEqual([
      { service_type_id: 5, pessoas: [7], previsto_fim: '2026-12-10T15:00:00.000Z' },
    ]);
    expect(screen.queryByRole('button', { name: 'Liberar e salvar' })).toBeNull();
    expect(calls.bodies('POST', '/api/tatico/os/da-agenda')).toEqual([]);
  });

  it('a gerente releases it with a written reason sent with the OS', async () => {
    const calls = api('gerente');
    const user = userEvent.setup();
    renderUi(<CreateOsFromEntry entry={ENTRY} />);
    await user.click(await screen.findByRole('button', { name: 'Criar OS' }));
    await user.type(
      await screen.findByRole('textbox', { name: /Justificativa da liberação/ }),
      'Reciclagem amanhã; hoje só apoio no solo.',
    );
    await user.click(screen.getByRole('button', { name: 'Liberar e salvar' }));
    await waitFor(() =>
      expect(calls.bodies('POST', '/api/tatico/os/da-agenda')).toEqual([
        {
          agenda_entry_id: 41,
          service_type_id: 5,
          liberacao_sst: { motivo: 'Reciclagem amanhã; hoje só apoio no solo.' },
        },
      ]),
    );
  });
});
