import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { NewRequestModal } from '../components/new-request-modal.tsx';

// What the API receives when a reimbursement is typed as a Brazilian types money.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const CONTRACTS = [{ id: 4, codigo: 'CT-2026-004', nome: 'Manutenção predial', status: 'ativo' }];

describe('Nova solicitação (reembolso): payload', () => {
  it.each([
    ['289,90', 289.9],
    ['1.234,50', 1234.5],
    ['300', 300],
    ['150,00', 150],
  ])('a value typed %s is sent as %s', async (typed, value) => {
    const api = stubApi({
      'GET /api/tatico/contratos': CONTRACTS,
      'POST /api/solicitacoes': { solicitacao: { id: 12 } },
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderUi(<NewRequestModal opened onClose={() => {}} onCreated={onCreated} />);

    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Reembolso' }));
    await user.click(screen.getByRole('combobox', { name: 'Contrato' }));
    await user.click(await screen.findByRole('option', { name: /CT-2026-004/ }));
    await user.type(screen.getByRole('textbox', { name: /^Valor/ }), typed);
    await user.type(
      screen.getByRole('textbox', { name: /^Descrição/ }),
      'Pedágio e almoço na obra',
    );
    await user.click(screen.getByRole('button', { name: 'Abrir solicitação' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(12));
    expect(api.bodies('POST', '/api/solicitacoes')).toEqual([
      {
        tipo: 'reembolso',
        descricao: 'Pedágio e almoço na obra',
        urgencia: 'media',
        contract_id: 4,
        valor: value,
      },
    ]);
  });
});
