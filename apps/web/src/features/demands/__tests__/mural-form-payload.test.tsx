import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Mural } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { MuralFormModal } from '../components/mural-form-modal.tsx';

// What the API receives from the demand form (its selects and dates are the shared form fields).

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LISTS = {
  'GET /api/eproto/boards': [
    { id: 3, nome: 'Manutenção — Hospital São Lucas', contract_nome: null },
    { id: 4, nome: 'Obras — Escola Municipal', contract_nome: null },
  ],
  'GET /api/eproto/contracts/access': {
    contracts: [{ id: 7, codigo: 'HSL-2025-014', nome: 'Hospital São Lucas' }],
  },
  'GET /api/eproto/users/search': [],
};

describe('demand form: payload', () => {
  it('Nova demanda: the board, contract and dates typed key by key are sent', async () => {
    const api = stubApi({ ...LISTS, 'POST /api/eproto/murals': { id: 40 } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<MuralFormModal opened mural={null} boardId={3} onClose={onClose} />);

    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Troca de disjuntores');
    await user.click(screen.getByRole('combobox', { name: /^Quadro/ }));
    await user.click(await screen.findByRole('option', { name: 'Obras — Escola Municipal' }));
    await user.click(screen.getByRole('combobox', { name: 'Contrato' }));
    await user.click(await screen.findByRole('option', { name: /HSL-2025-014/ }));
    await user.type(screen.getByRole('textbox', { name: 'Início previsto' }), '10/12/2026');
    await user.type(screen.getByRole('textbox', { name: 'Fim previsto' }), '20122026');
    await user.click(screen.getByRole('button', { name: 'Criar demanda' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/eproto/murals')).toEqual([
      {
        titulo: 'Troca de disjuntores',
        descricao: null,
        board_id: 4,
        contract_id: 7,
        prioridade: 'media',
        stage: 'a_fazer',
        responsavel_id: null,
        inicio_previsto: '2026-12-10',
        fim_previsto: '2026-12-20',
        participants: [],
      },
    ]);
  });

  it('Nova demanda without a board says to choose one and sends nothing', async () => {
    const api = stubApi({ ...LISTS, 'POST /api/eproto/murals': { id: 41 } });
    const user = userEvent.setup();
    renderUi(<MuralFormModal opened mural={null} onClose={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Troca de disjuntores');
    await user.click(screen.getByRole('button', { name: 'Criar demanda' }));

    expect(await screen.findByText('Escolha o quadro.')).toBeTruthy();
    expect(screen.queryByText('Identificador inválido.')).toBeNull();
    expect(api.bodies('POST', '/api/eproto/murals')).toEqual([]);
  });

  it('Editar demanda: a wrong date stops the save and says why; only the change is sent', async () => {
    const mural = {
      id: 40,
      titulo: 'Troca de disjuntores',
      descricao: null,
      board_id: 3,
      contract_id: null,
      prioridade: 'media',
      stage: 'a_fazer',
      responsavel_id: null,
      responsavel_nome: null,
      inicio_previsto: '2026-12-10',
      fim_previsto: null,
      inicio_real: null,
      fim_real: null,
    } as unknown as Mural;
    const api = stubApi({ ...LISTS, 'PATCH /api/eproto/murals/40': mural });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<MuralFormModal opened mural={mural} onClose={onClose} />);

    expect(screen.getByRole('textbox', { name: 'Início previsto' })).toHaveProperty(
      'value',
      '10/12/2026',
    );
    await user.type(screen.getByRole('textbox', { name: 'Início real' }), '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('A data 31/02/2026 não existe. Confira o dia e o mês.'),
    ).toBeTruthy();
    expect(api.bodies('PATCH', '/api/eproto/murals/40')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Início real' }));
    await user.type(screen.getByRole('textbox', { name: 'Início real' }), '11/12/2026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('PATCH', '/api/eproto/murals/40')).toEqual([{ inicio_real: '2026-12-11' }]);
  });
});
