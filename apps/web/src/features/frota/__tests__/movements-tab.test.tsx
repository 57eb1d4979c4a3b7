import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Movement } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { MOVEMENTS_PAGE_SIZE } from '../api/get-movements.ts';
import { MovementsTab } from '../components/movements-tab.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const movement = (id: number): Movement => ({
  id,
  item_id: 1,
  item_codigo: 'CAB-01',
  item_nome: 'Cabo flexível',
  tipo: 'saida',
  quantidade: 1,
  saldo_apos: id,
  origem_localizacao: null,
  destino_localizacao: null,
  responsavel_anterior: null,
  responsavel_novo: null,
  motivo: `Retirada ${id}`,
  usuario: null,
  created_at: '2026-11-20T12:00:00.000Z',
});

describe('MovementsTab', () => {
  it('loads older movements with "Carregar mais" from the cursor the server gave', async () => {
    const asked: string[] = [];
    // Ids 500..401 on the first page (next: before=401), then 400..399, the last page.
    const first = {
      items: Array.from({ length: MOVEMENTS_PAGE_SIZE }, (_, i) => movement(500 - i)),
      nextBefore: 401,
    };
    const last = { items: [movement(400), movement(399)], nextBefore: null };
    fetchMock.mockImplementation(async (input) => {
      const url = urlOf(input);
      asked.push(url);
      return jsonResponse(url.includes('before=401') ? last : first);
    });
    renderUi(<MovementsTab />);

    await screen.findByText(/Retirada 401/);
    expect(screen.getByText('100 movimentações carregadas')).toBeTruthy();
    expect(screen.queryByText(/Retirada 400/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    await screen.findByText(/Retirada 399/);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain(`/api/tatico/inventario/movimentacoes?limit=${MOVEMENTS_PAGE_SIZE}`);
    expect(asked[1]).toContain('before=401');
    expect(screen.getAllByText(/Retirada \d+/)).toHaveLength(MOVEMENTS_PAGE_SIZE + 2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull());
  });

  it('shows the empty state in Portuguese', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ items: [], nextBefore: null }));
    renderUi(<MovementsTab />);
    await screen.findByText('Nenhuma movimentação ainda');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
