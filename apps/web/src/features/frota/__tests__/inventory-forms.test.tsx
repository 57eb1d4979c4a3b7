import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { InventoryItem } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { ItemDrawer } from '../components/item-drawer.tsx';
import { MovementForm } from '../components/movement-form.tsx';

// The inventory drawer's forms check what is typed with the domain (movementBody, its stock
// rules and inventoryItemPatchBody): its message shows under the field and nothing is sent.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const item: InventoryItem = {
  id: 7,
  natureza: 'consumivel',
  codigo: 'CAB-25',
  nome: 'Cabo flexível',
  categoria: 'Elétrica',
  localizacao: 'Almoxarifado Central',
  estado: null,
  responsavel: null,
  unidade: 'm',
  quantidade: 40,
  estoque_minimo: 10,
  custo_unitario: 2.5,
  abaixo_minimo: false,
  updated_at: '2026-11-20T12:00:00.000Z',
};
const MOVE = '/api/tatico/inventario/itens/7/movimentacoes';
const ITEM = '/api/tatico/inventario/itens/7';
const me = { id: 1, nome: 'Gerente', email: 'g@x.com', type: 'gerente', rawType: 'gerente' };

async function typeInto(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  const box = await screen.findByRole('textbox', { name: label });
  await user.clear(box);
  await user.type(box, text);
}

describe('MovementForm', () => {
  it('refuses a saída above the stock and a baixa without reason, then sends 1.200 as 1200', async () => {
    const api = stubApi({ 'GET /api/users/me': me, [`POST ${MOVE}`]: { item, movements: [] } });
    const user = userEvent.setup();
    renderUi(<MovementForm item={item} />);

    await user.click(screen.getByRole('radio', { name: 'Saída' }));
    await typeInto(user, /^Quantidade/, '45');
    await user.click(screen.getByRole('button', { name: 'Registrar saída' }));
    expect(
      await screen.findByText(
        'Estoque insuficiente: disponível 40, solicitado 45. O estoque não pode ficar negativo.',
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Baixa' }));
    await typeInto(user, /^Quantidade/, '2');
    await user.click(screen.getByRole('button', { name: 'Registrar baixa' }));
    expect(await screen.findByText('Informe o motivo da baixa.')).toBeTruthy();
    expect(api.bodies('POST', MOVE)).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Entrada' }));
    await typeInto(user, /^Quantidade/, '1.200');
    await typeInto(user, /^Observação/, '  NF 123  ');
    await user.click(screen.getByRole('button', { name: 'Registrar entrada' }));
    await waitFor(() =>
      expect(api.bodies('POST', MOVE)).toEqual([
        { tipo: 'entrada', quantidade: 1200, destino_localizacao: null, motivo: 'NF 123' },
      ]),
    );
  });

  it('a transfer of a patrimony item that moves nothing says so and sends nothing', async () => {
    const api = stubApi({ 'GET /api/users/me': me, 'GET /api/tatico/pessoas': { items: [] } });
    const user = userEvent.setup();
    renderUi(
      <MovementForm item={{ ...item, natureza: 'patrimonio', estado: 'bom', quantidade: 1 }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Registrar transferência' }));
    expect(
      await screen.findByText('Informe um novo local ou um novo responsável para a transferência.'),
    ).toBeTruthy();
    expect(api.bodies('POST', MOVE)).toEqual([]);
  });
});

describe('ItemDrawer in-place numbers', () => {
  it('a minimum or a cost over the domain limit shows its message and is not saved', async () => {
    const api = stubApi({
      'GET /api/users/me': me,
      [`GET ${ITEM}`]: { item, movements: [] },
      [`PATCH ${ITEM}`]: { item, movements: [] },
    });
    const user = userEvent.setup();
    renderUi(<ItemDrawer id={7} onClose={() => {}} />);

    await typeInto(user, /^Estoque mínimo/, '2.000.000');
    await user.tab();
    expect(await screen.findByText('Estoque mínimo grande demais.')).toBeTruthy();
    await typeInto(user, /^Custo unitário/, '1.000.000,01');
    await user.tab();
    expect(
      await screen.findByText('Custo unitário grande demais: no máximo R$ 1.000.000,00.'),
    ).toBeTruthy();
    expect(api.bodies('PATCH', ITEM)).toEqual([]);

    await typeInto(user, /^Estoque mínimo/, '1.500');
    await user.tab();
    await waitFor(() => expect(api.bodies('PATCH', ITEM)).toEqual([{ estoque_minimo: 1500 }]));
  });
});
