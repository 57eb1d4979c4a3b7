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

  it('asks for the board list, the contracts and then the counters of the cards at once', async () => {
    const cards = [{ id: 9 }, { id: 3 }];
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/murals/summary')) return Promise.resolve(jsonResponse(cards));
      if (url.includes('/murals/counts'))
        return Promise.resolve(
          jsonResponse([3, 9].map((id) => ({ id, tasks: 1, messages: 0, attachments: 0 }))),
        );
      if (url.includes('/eproto/boards')) return Promise.resolve(jsonResponse([{ id: 7 }]));
      return Promise.resolve(jsonResponse({ contracts: [] }));
    });
    prefetchPage('/eproto/quadros', '?quadro=7');
    await waitFor(() =>
      expect(queryClient.getQueryData(['murals', 'counts', '3,9'])).toBeDefined(),
    );
    const urls = fetchMock.mock.calls.map((c) => urlOf(c[0]));
    expect(urls.some((u) => u.endsWith('/api/eproto/boards'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/api/eproto/contracts/access'))).toBe(true);
    expect(urls.find((u) => u.includes('/murals/counts'))).toContain('ids=3%2C9');
    expect(queryClient.getQueryData(['boards', 'list'])).toEqual([{ id: 7 }]);
  });

  it('does nothing for pages without a prefetch', async () => {
    prefetchPage('/eproto/murals', '');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
