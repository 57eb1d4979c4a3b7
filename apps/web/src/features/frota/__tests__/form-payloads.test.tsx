import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { FuelModal } from '../components/fuel-modal.tsx';
import { ItemFormModal } from '../components/item-form-modal.tsx';
import { MaintenanceModal } from '../components/maintenance-modal.tsx';

// What the API receives from the fleet forms when a Brazilian types into them key by key.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Clears the field and types the text key by key. */
async function typeInto(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  const box = screen.getByRole('textbox', { name: label });
  await user.clear(box);
  await user.type(box, text);
}

/** A vehicle write answers the vehicle's detail; only its id matters here. */
const detail = { vehicle: { id: 5 } };

describe('payload of the fleet forms', () => {
  it('Abastecimento: 45,5 litres, R$ 289,90, 51.234 km and 05/11/2026 are stored as typed', async () => {
    const api = stubApi({ 'POST /api/tatico/frota/veiculos/5/abastecimentos': detail });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<FuelModal vehicleId={5} odometer={51_000} opened onClose={onClose} />);

    await typeInto(user, /^Data/, '05/11/2026');
    await typeInto(user, /^Litros/, '45,5');
    await typeInto(user, /^Valor total/, '289,90');
    await typeInto(user, /^Quilometragem/, '51.234');
    await typeInto(user, /^Posto/, 'Posto Rota 116');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/tatico/frota/veiculos/5/abastecimentos')).toEqual([
      {
        data: '2026-11-05',
        combustivel: 'diesel',
        litros: 45.5,
        valor_total: 289.9,
        km: 51_234,
        posto: 'Posto Rota 116',
        contract_id: null,
      },
    ]);
  });

  it('Manutenção: 10/12/2026, 60.000 km and R$ 1.234,50 are stored as typed', async () => {
    const api = stubApi({ 'POST /api/tatico/frota/veiculos/5/manutencoes': detail });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<MaintenanceModal vehicleId={5} opened onClose={onClose} />);

    await typeInto(user, /^Descrição/, 'Troca de óleo e filtros');
    await typeInto(user, /^Data prevista/, '10/12/2026');
    await typeInto(user, /^Quilometragem prevista/, '60.000');
    await typeInto(user, /^Fornecedor/, 'Oficina Central');
    await typeInto(user, /^Custo estimado/, '1.234,50');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/tatico/frota/veiculos/5/manutencoes')).toEqual([
      {
        tipo: 'preventiva',
        descricao: 'Troca de óleo e filtros',
        prevista_data: '2026-12-10',
        prevista_km: 60_000,
        fornecedor: 'Oficina Central',
        custo: 1234.5,
        contract_id: null,
      },
    ]);
  });

  it('Novo item (consumível): 1.234 in stock and a minimum of 150 are stored as typed', async () => {
    const api = stubApi({
      'GET /api/tatico/pessoas': { items: [] },
      'POST /api/tatico/inventario/itens': { item: { id: 9 } },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderUi(<ItemFormModal opened onClose={() => {}} onSaved={onSaved} />);

    await user.click(screen.getByRole('radio', { name: 'Consumível' }));
    await typeInto(user, /^Código/, 'CAB-25');
    await typeInto(user, /^Nome/, 'Cabo flexível 2,5 mm²');
    await typeInto(user, /^Categoria/, 'Elétrica');
    await typeInto(user, /^Quantidade inicial/, '1.234');
    await typeInto(user, /^Estoque mínimo/, '150');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
    expect(api.bodies('POST', '/api/tatico/inventario/itens')).toEqual([
      {
        natureza: 'consumivel',
        codigo: 'CAB-25',
        nome: 'Cabo flexível 2,5 mm²',
        categoria: 'Elétrica',
        localizacao: 'Almoxarifado Central',
        unidade: 'un',
        quantidade_inicial: 1234,
        estoque_minimo: 150,
        // No unit cost typed: sent as none, not 0.
        custo_unitario: null,
      },
    ]);
  });
});
