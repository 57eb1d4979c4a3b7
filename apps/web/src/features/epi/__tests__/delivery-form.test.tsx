import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { DeliveryModal } from '../components/delivery-modal.tsx';
import { today } from '../components/epi-labels.tsx';

// "Entregar EPI" runs the domain's deliveryBody through react-hook-form.

HTMLCanvasElement.prototype.getContext = (() =>
  null) as typeof HTMLCanvasElement.prototype.getContext;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const POST = '/api/tatico/epi/entregas';
const lists = {
  'GET /api/tatico/pessoas': { items: [{ id: 7, nome: 'Rui Campos' }] },
  'GET /api/tatico/epi/itens': {
    items: [
      {
        id: 3,
        nome: 'Capacete',
        descricao: null,
        ca_numero: '32145',
        ca_validade: '2030-01-01',
        ca_situacao: 'valido',
        tamanho: 'U',
        vida_util_dias: 365,
        estoque: 10,
        estoque_minimo: 0,
        abaixo_minimo: false,
        ativo: true,
      },
    ],
  },
};

describe('Entregar EPI', () => {
  it("nobody and no EPI chosen: the domain's messages under the fields, nothing sent", async () => {
    const api = stubApi(lists);
    const user = userEvent.setup();
    renderUi(<DeliveryModal opened onClose={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Registrar entrega' }));

    expect(await screen.findByText('Informe o colaborador.')).toBeTruthy();
    expect(screen.getByText('Informe o EPI.')).toBeTruthy();
    expect(
      screen.getByText(/Peça ao colaborador para assinar na área indicada/, { selector: 'p' }),
    ).toBeTruthy();
    expect(api.bodies('POST', POST)).toEqual([]);
  });

  it('confirmed in the app: the delivery typed key by key is sent without a signature', async () => {
    const api = stubApi({
      ...lists,
      [`POST ${POST}`]: { id: 1, confirmacao: null, colaborador: { id: 7, nome: 'Rui Campos' } },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<DeliveryModal opened onClose={onClose} colaboradorId={7} />);

    await user.click(screen.getByRole('combobox', { name: /^EPI/ }));
    await user.click(await screen.findByRole('option', { name: /Capacete/ }));
    const qty = screen.getByRole('textbox', { name: /^Quantidade/ });
    await user.clear(qty);
    await user.type(qty, '2');
    await user.type(screen.getByRole('textbox', { name: /^Observação/ }), 'Troca anual');
    await user.click(screen.getByText('Pelo aplicativo'));
    await user.click(screen.getByRole('button', { name: 'Registrar entrega' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', POST)).toEqual([
      {
        colaborador_id: 7,
        item_id: 3,
        data: today(),
        quantidade: 2,
        motivo: 'admissao',
        observacao: 'Troca anual',
        assinatura: null,
        assinatura_tracos: null,
        assinatura_local: null,
      },
    ]);
  });
});
