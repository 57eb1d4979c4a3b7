import '../../test/setup-dom.ts';

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '../../lib/query-client.ts';
import { SESSION_KEY } from '../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../test/render.tsx';
import { RouteGuard } from '../route-guard.tsx';
import { prefetchPage } from '../route-pages.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.clearAllMocks();
  queryClient.clear();
});

const gestor = {
  id: 1,
  email: 'g@x.y',
  nome: 'G',
  type: 'Gerente',
  rawType: 'Gerente',
  avatar: null,
};

function renderGuard(path: string, session: typeof gestor | null | undefined) {
  const preload = vi.fn();
  const prefetch = vi.fn();
  const client = testQueryClient();
  if (session !== undefined) client.setQueryData(SESSION_KEY, session);
  renderUi(
    <RouteGuard preload={preload} prefetch={prefetch}>
      <p>conteúdo protegido</p>
    </RouteGuard>,
    { client, route: path },
  );
  return { preload, prefetch };
}

describe('RouteGuard preloading', () => {
  it('starts the opened page while the session is still being checked', () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const { preload, prefetch } = renderGuard('/eproto/quadros?quadro=7', undefined);
    expect(preload).toHaveBeenCalledWith('/eproto/quadros');
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('asks for the page data once the session may open the route', () => {
    const { prefetch } = renderGuard('/eproto/quadros?quadro=7', gestor);
    expect(screen.getByText('conteúdo protegido')).toBeTruthy();
    expect(prefetch).toHaveBeenCalledWith('/eproto/quadros', '?quadro=7');
  });

  it('asks for nothing for a visitor or a role the route refuses', () => {
    expect(renderGuard('/eproto/quadros', null).prefetch).not.toHaveBeenCalled();
    const equipe = { ...gestor, type: 'Equipe', rawType: 'Equipe' };
    expect(renderGuard('/users/activity', equipe).prefetch).not.toHaveBeenCalled();
  });
});

describe('prefetchPage', () => {
  it('loads the cards of the board in the URL for /eproto/quadros', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse([])));
    prefetchPage('/eproto/quadros', '?quadro=7');
    await waitFor(() => expect(queryClient.getQueryData(['murals', 'board', 7])).toEqual([]));
    const summary = fetchMock.mock.calls.map((c) => urlOf(c[0])).find((u) => u.includes('summary'));
    expect(summary).toContain('/api/eproto/murals/summary?');
    expect(summary).toContain('board_id=7');
    expect(summary).toContain('perPage=1000');
  });

  it('asks for the cards, the board, its counters, the board list and the contracts at once', async () => {
    // Nothing answers: every call starts without waiting for another (the counters are asked
    // by board, not by the ids of the cards).
    fetchMock.mockReturnValue(new Promise(() => {}));
    prefetchPage('/eproto/quadros', '?quadro=7');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5));
    const urls = fetchMock.mock.calls.map((c) => urlOf(c[0]));
    expect(urls[0]).toContain('/api/eproto/murals/summary?board_id=7');
    expect(urls.slice(1)).toEqual([
      '/api/eproto/boards/7',
      '/api/eproto/murals/counts?board_id=7',
      '/api/eproto/boards',
      '/api/eproto/contracts/access',
    ]);
  });

  it('does nothing for pages without a prefetch', async () => {
    prefetchPage('/eproto/murals', '');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
