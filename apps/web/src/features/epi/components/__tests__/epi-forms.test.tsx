import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { EpiDelivery, EpiItem } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { CatalogueTab } from '../catalogue-tab.tsx';
import { ReturnModal } from '../delivery-actions.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Registrar devolução" and "Entrada de estoque" run the domain's deliveryReturnBody and
// epiStockEntryBody through react-hook-form.

const delivery = {
  id: 41,
  colaborador: { id: 7, nome: 'João Conceição' },
  item: {
    id: 3,
    nome: 'Luva de vaqueta',
    ca_numero: '12345',
    ca_validade: '2030-01-01',
    tamanho: 'G',
  },
  data: '2025-01-10',
  quantidade: 2,
} as EpiDelivery;

const item: EpiItem = {
  id: 3,
  nome: 'Luva de vaqueta',
  descricao: null,
  ca_numero: '12345',
  ca_validade: '2030-01-01',
  ca_situacao: 'valido',
  tamanho: 'G',
  vida_util_dias: 90,
  estoque: 4,
  estoque_minimo: 2,
  abaixo_minimo: false,
  custo_unitario: null,
  ativo: true,
};

describe('ReturnModal (Registrar devolução)', () => {
  it('an emptied date and a blank reason show the messages and send nothing', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderUi(<ReturnModal delivery={delivery} onClose={() => {}} />);
    await user.clear(screen.getByRole('textbox', { name: /^Data da devolução/ }));
    await user.type(screen.getByRole('textbox', { name: /^Motivo/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Registrar devolução' }));
    expect(await screen.findByText('Informe a data da devolução.')).toBeTruthy();
    expect(screen.getByText('Informe o motivo da devolução.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/epi/entregas/41/devolucao')).toEqual([]);
  });

  it('a date before the delivery is refused; then the typed date and trimmed reason go', async () => {
    const api = stubApi({ 'POST /api/tatico/epi/entregas/41/devolucao': delivery });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ReturnModal delivery={delivery} onClose={onClose} />);
    const date = screen.getByRole('textbox', { name: /^Data da devolução/ });
    await user.clear(date);
    await user.type(date, '05/01/2025');
    await user.type(screen.getByRole('textbox', { name: /^Motivo/ }), ' Troca por tamanho ');
    await user.click(screen.getByRole('button', { name: 'Registrar devolução' }));
    expect(await screen.findByText('A data não pode ser antes de 10/01/2025.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/epi/entregas/41/devolucao')).toEqual([]);

    await user.clear(date);
    await user.type(date, '3/2/2025');
    await user.click(screen.getByRole('checkbox', { name: /Volta ao estoque/ }));
    await user.click(screen.getByRole('button', { name: 'Registrar devolução' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/tatico/epi/entregas/41/devolucao')).toEqual([
      { data: '2025-02-03', motivo: 'Troca por tamanho', retorna_estoque: true },
    ]);
  });
});

describe('Entrada de estoque (catalogue)', () => {
  it('an empty quantity and 2,5 are refused; 1.200 goes as 1200', async () => {
    const api = stubApi({
      '/api/tatico/epi/itens': { items: [item] },
      'POST /api/tatico/epi/itens/3/entradas': { ...item, estoque: 1204 },
    });
    const user = userEvent.setup();
    renderUi(<CatalogueTab />);
    const [open] = await screen.findAllByRole('button', {
      name: 'Entrada de estoque de Luva de vaqueta G',
    });
    await user.click(open!);
    const dialog = await screen.findByRole('dialog');
    const qty = screen.getByRole('textbox', { name: /^Quantidade recebida/ });

    await user.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    expect(await screen.findByText('Informe a quantidade.')).toBeTruthy();
    await user.type(qty, '2,5');
    await user.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    expect(await screen.findByText(/inteiro/)).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/epi/itens/3/entradas')).toEqual([]);

    await user.clear(qty);
    await user.type(qty, '1.200');
    await user.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(api.bodies('POST', '/api/tatico/epi/itens/3/entradas')).toEqual([{ quantidade: 1200 }]);
  });
});
