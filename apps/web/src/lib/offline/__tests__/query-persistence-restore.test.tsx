// jsdom + fake-indexeddb: src/main.tsx restores the kept query cache before React's first render
// (issue 33), so a second visit renders the guarded screen with the kept person and data at once,
// and the cache is saved again from then on.
import '../../../test/setup-dom.ts';
import 'fake-indexeddb/auto';

import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';

import { RouteGuard } from '../../../app/route-guard.tsx';
import { renderUi } from '../../../test/render.tsx';
import { SESSION_KEY } from '../../session-key.ts';
import { restoreKeptCache, useKeptCacheRestoring } from '../query-persistence.ts';

const store = () => createStore('eproto-cache', 'queries');
const equipe = {
  id: 8,
  email: 'equipe@eproto.test',
  nome: 'Equipe',
  type: 'Equipe',
  rawType: 'Equipe',
  avatar: null,
};

/** What a first visit kept: the person and their week. */
function keptByFirstVisit(): PersistedClient {
  const first = new QueryClient();
  first.setQueryData(SESSION_KEY, equipe);
  first.setQueryData(['agenda', 'minha'], { items: [{ id: 1 }] });
  return { timestamp: Date.now(), buster: 'offline-v1', clientState: dehydrate(first) };
}

const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
vi.stubGlobal('fetch', fetchMock);

describe('the kept cache restored before the first render', () => {
  it('renders the guarded screen with the kept person at once, then keeps saving', async () => {
    await set('query-client', keptByFirstVisit(), store());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const restoring = renderHook(() => useKeptCacheRestoring());
    expect(restoring.result.current).toBe(true);

    await act(() => restoreKeptCache(client));
    expect(restoring.result.current).toBe(false);
    expect(client.getQueryData(['agenda', 'minha'])).toEqual({ items: [{ id: 1 }] });

    // The first render of the guard already has the person: no empty render while a restore
    // or a session check runs, and the kept session is fresh (no GET /users/me on the way).
    renderUi(
      <RouteGuard>
        <p>Minha agenda</p>
      </RouteGuard>,
      { client, route: '/tatico/agenda' },
    );
    expect(screen.getByText('Minha agenda')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    // Saved again as the cache changes (throttled; at once when the page goes away).
    client.setQueryData(['agenda', 'minha'], { items: [{ id: 2 }] });
    await vi.waitFor(async () => {
      window.dispatchEvent(new Event('pagehide'));
      const saved = await get<PersistedClient>('query-client', store());
      const week = saved?.clientState.queries.find((q) => q.queryKey[0] === 'agenda');
      expect(week?.state.data).toEqual({ items: [{ id: 2 }] });
    });
  });
});
