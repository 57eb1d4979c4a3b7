import '../../../test/setup-dom.ts';

import type { MuralSummary } from '@eproto/domain';
import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The whole web suite runs in parallel on a busy machine: give slow renders room.
configure({ asyncUtilTimeout: 8_000 });
vi.setConfig({ testTimeout: 20_000 });

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import MuralsPage from '../pages/murals-page.tsx';
import { muralSummary } from '../../../test/mural-summary.ts';

const fetchMock = vi.fn<typeof fetch>();

function item(id: number): MuralSummary {
  return muralSummary({
    id,
    titulo: `Demanda número ${id}`,
    board_nome: 'Manutenção',
    fim_previsto: '2026-11-30',
    updated_at: '2026-11-02T10:00:00Z',
  });
}

beforeEach(() => {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/eproto/murals/summary')) {
      const res = jsonResponse([item(1), item(2)]);
      res.headers.set('x-total-count', '60');
      return Promise.resolve(res);
    }
    return Promise.resolve(
      jsonResponse(url.includes('contracts/access') ? { all: false, contracts: [] } : []),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('MuralsPage', () => {
  it('reads the total from x-total-count and sends the URL filters to the summary call', async () => {
    const client = testQueryClient();
    client.setQueryData(SESSION_KEY, {
      id: 8,
      email: 'equipe@eproto.test',
      nome: 'João Pereira',
      type: 'equipe',
      rawType: 'Equipe de Campo',
      avatar: null,
    });
    renderUi(<MuralsPage />, {
      route: '/eproto/murals?etapa=a_fazer,em_revisao&prazo=atrasadas&pagina=2',
      client,
    });
    expect(await screen.findByText('60 demandas')).toBeTruthy();
    expect(screen.getAllByText('Demanda número 1').length).toBeGreaterThan(0);
    // Equipe does not create demands.
    expect(screen.queryByRole('button', { name: 'Nova demanda' })).toBeNull();
    await waitFor(() => {
      const call = fetchMock.mock.calls
        .map(([u]) => urlOf(u))
        .find((u) => u.startsWith('/api/eproto/murals/summary'));
      expect(call).toBeDefined();
      const params = new URL(call!, 'http://x').searchParams;
      expect(params.get('stage')).toBe('a_fazer,em_revisao');
      expect(params.get('prazo')).toBe('atrasadas');
      expect(params.get('page')).toBe('2');
      expect(params.get('perPage')).toBe('25');
    });
  });
});
