import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi, urlOf } from '../../../../test/render.tsx';
import { MatrixView } from '../matrix-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const MATRIX = {
  colunas: [
    { key: 't1', rotulo: 'NR-35' },
    { key: 't2', rotulo: 'NR-10' },
    { key: 'aso', rotulo: 'ASO' },
    { key: 'cnh', rotulo: 'CNH' },
  ],
  linhas: [
    {
      pessoa: { id: 7, nome: 'João Pereira', funcao: 'Eletricista' },
      celulas: [
        { coluna: 't1', estado: 'vencido', validade: '2026-10-12', dias: -45 },
        { coluna: 't2', estado: 'vencendo', validade: '2026-12-08', dias: 12 },
        { coluna: 'aso', estado: 'valido', validade: '2027-09-26', dias: 304 },
        { coluna: 'cnh', estado: 'ausente', validade: null, dias: null },
      ],
    },
  ],
  funcoes: ['Eletricista', 'Técnico de refrigeração'],
};
const CONTRACTS = [
  { id: 4, codigo: 'CT-2026-004', nome: 'Rede Sul', status: 'ativo' },
  { id: 5, codigo: 'CT-2025-001', nome: 'Encerrado', status: 'encerrado' },
];

describe('MatrixView (Matriz de SST)', () => {
  it('shows each cell as valid, expiring in N days, expired on a date or absent', async () => {
    stubApi({ '/api/tatico/sst/matriz': MATRIX, '/api/tatico/contratos': CONTRACTS });
    renderUi(<MatrixView />);
    const row = (await screen.findByText('João Pereira')).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent);
    expect(cells).toEqual([
      'Vencido em 12/10/2026',
      'Vence em 12 dias',
      'Até 26/09/2027',
      'Ausente',
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Pessoa',
      'NR-35',
      'NR-10',
      'ASO',
      'CNH',
    ]);
  });

  it('filters by contract and function; the XLSX export carries the same filters', async () => {
    const api = stubApi({ '/api/tatico/sst/matriz': MATRIX, '/api/tatico/contratos': CONTRACTS });
    const user = userEvent.setup();
    renderUi(<MatrixView />);
    await screen.findByText('João Pereira');
    await user.click(screen.getByRole('combobox', { name: 'Contrato' }));
    expect(screen.queryByRole('option', { name: /Encerrado/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'CT-2026-004 — Rede Sul' }));
    await user.click(screen.getByRole('combobox', { name: 'Função' }));
    await user.click(await screen.findByRole('option', { name: 'Eletricista' }));
    await waitFor(() =>
      expect(
        api.mock.mock.calls.map(([u]) => urlOf(u)).filter((u) => u.includes('/matriz')),
      ).toContainEqual(expect.stringMatching(/contract_id=4/)),
    );
    const last = api.mock.mock.calls
      .map(([u]) => new URL(urlOf(u), 'http://x'))
      .filter((u) => u.pathname === '/api/tatico/sst/matriz')
      .at(-1)!;
    expect(last.searchParams.get('contract_id')).toBe('4');
    expect(last.searchParams.get('funcao')).toBe('Eletricista');
    const link = screen.getByRole('link', { name: /Exportar XLSX/ });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/api/tatico/sst/matriz/exportar');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      format: 'xlsx',
      funcao: 'Eletricista',
      contract_id: '4',
    });
  });
});
