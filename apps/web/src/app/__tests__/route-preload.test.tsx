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
    fetchMock.mockResolvedValue(jsonResponse([]));
    prefetchPage('/eproto/quadros', '?quadro=7');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = urlOf(fetchMock.mock.calls[0]![0]);
    expect(url).toContain('/api/eproto/murals/summary?');
    expect(url).toContain('board_id=7');
    expect(url).toContain('perPage=1000');
    await waitFor(() => expect(queryClient.getQueryData(['murals', 'board', 7])).toEqual([]));
  });

  it('does nothing for pages without a prefetch', async () => {
    prefetchPage('/eproto/murals', '');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
