import '../../../test/setup-dom.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi } from '../../../test/render.tsx';
import { CompanyForm } from '../components/company-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);

describe('CompanyForm (/profile, ti and diretoria)', () => {
  it("refuses a short name and a CNPJ with wrong check digits (the domain's messages)", async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? jsonResponse({
              nome: 'Serviços de Campo Ltda.',
              cnpj: '11222333000181',
              cnpj_formatado: '11.222.333/0001-81',
              updated_at: '2026-11-26T02:00:00.000Z',
            })
          : jsonResponse({ empresa: null }),
      ),
    );
    const user = userEvent.setup();
    renderUi(<CompanyForm />);
    const nome = await screen.findByLabelText(/Razão social/);
    await user.type(nome, ' S ');
    const cnpj = screen.getByLabelText(/CNPJ/);
    await user.type(cnpj, '11.222.333/0001-82');
    await user.click(screen.getByRole('button', { name: 'Salvar empresa' }));
    expect(await screen.findByText('CNPJ inválido: confira os 14 dígitos.')).toBeTruthy();
    expect(screen.getByText('O nome da empresa: mínimo de 2 caracteres.')).toBeTruthy();
    expect(puts()).toEqual([]);
    await user.clear(nome);
    await user.type(nome, ' Serviços de Campo Ltda. ');
    await user.clear(cnpj);
    await user.type(cnpj, '11222333000181');
    await user.click(screen.getByRole('button', { name: 'Salvar empresa' }));
    await waitFor(() =>
      // the body as the domain reads it: the name trimmed, the CNPJ's digits
      expect(puts()).toEqual([{ nome: 'Serviços de Campo Ltda.', cnpj: '11222333000181' }]),
    );
    // leaving the field formatted it
    expect(cnpj).toHaveProperty('value', '11.222.333/0001-81');
  });
});
