import '../../../test/setup-dom.ts';

import type { Contract } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import ContractsAdminPage from '../pages/contracts-admin-page.tsx';

// /contracts drew every contract twice (a table and the phone cards, both in the page) and all
// of them at once: with hundreds it took seconds. Now 50 a page, in the viewport's layout only.

const contract = (id: number): Contract =>
  ({
    id,
    codigo: `CT-${String(id).padStart(3, '0')}`,
    nome: `Contrato ${id}`,
    cliente: 'Prefeitura',
    descricao: null,
    inicio: null,
    fim: null,
    status: 'ativo',
    valor: null,
    usuarios: 1,
    demandas: 2,
  }) as Contract;

/** The server: 60 contracts, one page per call, the total in x-total-count. */
function serve() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = new URL(urlOf(input), 'http://x');
      if (url.pathname !== '/api/eproto/contracts') return Promise.resolve(jsonResponse({}));
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const per = Number(url.searchParams.get('perPage'));
      const all = Array.from({ length: 60 }, (_, i) => contract(i + 1));
      const res = jsonResponse(all.slice((page - 1) * per, page * per));
      res.headers.set('x-total-count', '60');
      return Promise.resolve(res);
    }),
  );
  return asked;
}

/** The viewport: a desk (the table's media query matches) or a phone. */
function viewport(desk: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: desk && query.includes('min-width: 62em'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/contracts', () => {
  // 110 table rows drawn in jsdom: 27 s at load ~35, over the 20 s default.
  it(
    'on a desk: the table only, 50 contracts, then "Carregar mais" asks page 2',
    { timeout: 60_000 },
    async () => {
      viewport(true);
      const asked = serve();
      renderUi(<ContractsAdminPage />, { route: '/contracts' });
      expect(await screen.findByRole('table', { name: 'Contratos' })).toBeTruthy();
      expect(screen.getAllByText('CT-001')).toHaveLength(1);
      expect(screen.queryByText('CT-051')).toBeNull();
      expect(screen.getByText('50 contratos carregados')).toBeTruthy();
      expect(asked[0]?.get('perPage')).toBe('50');
      expect(asked[0]?.get('page')).toBe('1');

      fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
      expect(await screen.findByText('CT-060')).toBeTruthy();
      expect(asked.at(-1)?.get('page')).toBe('2');
      expect(screen.getByText('Todos os 60 contratos')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    },
  );

  it('on a phone: the cards only, no table', async () => {
    viewport(false);
    serve();
    renderUi(<ContractsAdminPage />, { route: '/contracts' });
    await waitFor(() => expect(screen.getAllByText('CT-001')).toHaveLength(1));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByText('1 pessoa vinculada · 2 demandas')).toHaveLength(50);
  });
});
