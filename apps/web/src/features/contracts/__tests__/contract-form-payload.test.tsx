import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Contract } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { ContractFormModal } from '../components/contract-form-modal.tsx';

// What the API receives from the contract form when dates and money are typed key by key.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function typeInto(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  const box = screen.getByRole('textbox', { name: label });
  await user.clear(box);
  await user.type(box, text);
}

describe('contract form: payload', () => {
  it('Novo contrato: 10/12/2026 to 31/12/2027 and R$ 1.234.567,89 are sent as typed', async () => {
    const api = stubApi({ 'POST /api/eproto/contracts': { id: 30 } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ContractFormModal opened contract={null} onClose={onClose} />);

    await typeInto(user, /^Código/, 'CT-2026-030');
    await typeInto(user, /^Nome/, 'Iluminação pública');
    await typeInto(user, /^Cliente/, 'Prefeitura de Sorocaba');
    await typeInto(user, /^Início/, '10/12/2026');
    await typeInto(user, /^Fim/, '31122027');
    await typeInto(user, /^Valor/, '1.234.567,89');
    await user.click(screen.getByRole('button', { name: 'Criar contrato' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', '/api/eproto/contracts')).toEqual([
      {
        codigo: 'CT-2026-030',
        nome: 'Iluminação pública',
        cliente: 'Prefeitura de Sorocaba',
        descricao: null,
        inicio: '2026-12-10',
        fim: '2027-12-31',
        status: 'ativo',
        valor: 1234567.89,
        uf: null,
        municipio: null,
      },
    ]);
  });

  it('Editar contrato: UF and município picked by typing their names are sent', async () => {
    const contract = {
      id: 31,
      codigo: 'CT-2026-031',
      nome: 'Manutenção predial',
      cliente: 'Hospital São Lucas',
      descricao: null,
      inicio: null,
      fim: null,
      status: 'ativo',
      valor: null,
      uf: null,
      municipio: null,
    } as unknown as Contract;
    const api = stubApi({
      'PATCH /api/eproto/contracts/31': contract,
      'GET /api/calendario/municipios': [
        { uf: 'SP', codigo: 'SP', nome: 'São Paulo' },
        { uf: 'RJ', codigo: 'RJ', nome: 'Rio de Janeiro' },
      ],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ContractFormModal opened contract={contract} onClose={onClose} />);

    const city = screen.getByLabelText<HTMLInputElement>(/^Município/, { selector: 'input' });
    expect(city).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/^Estado \(UF\)/, { selector: 'input' }), 'SP');
    await user.click(await screen.findByRole('option', { name: 'SP' }));
    await waitFor(() => expect(city).toHaveProperty('disabled', false));
    await user.type(city, 'são p');
    // only the chosen state's cities are offered
    expect(screen.queryByRole('option', { name: 'Rio de Janeiro' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'São Paulo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('PATCH', '/api/eproto/contracts/31')).toEqual([
      { uf: 'SP', municipio: 'SP' },
    ]);
  });

  it('Editar contrato: only the value typed over (289,90) is sent', async () => {
    const contract = {
      id: 30,
      codigo: 'CT-2026-030',
      nome: 'Iluminação pública',
      cliente: 'Prefeitura de Sorocaba',
      descricao: null,
      inicio: '2026-12-10',
      fim: '2027-12-31',
      status: 'ativo',
      valor: 1000,
    } as unknown as Contract;
    const api = stubApi({ 'PATCH /api/eproto/contracts/30': contract });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ContractFormModal opened contract={contract} onClose={onClose} />);

    expect(screen.getByRole('textbox', { name: /^Início/ })).toHaveProperty('value', '10/12/2026');
    await typeInto(user, /^Valor/, '289,90');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('PATCH', '/api/eproto/contracts/30')).toEqual([{ valor: 289.9 }]);
  });
});
