// jsdom + fake-indexeddb: a second visit adds to the query cache only the kept queries the
// opened screen asks for before its first render (issue 33: the whole kept world, ~40 queries
// after the offline prefetch, was hydrated before React started); the rest come once idle or at
// the first walk over the cache, and a save in between loses none of them.
import '../../../test/setup-dom.ts';
import 'fake-indexeddb/auto';

import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { QueryCacheNotifyEvent } from '@tanstack/react-query';
import { dehydrate, QueryClient, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { SESSION_KEY } from '../../session-key.ts';
import {
  keptOffline,
  KeptQueryCache,
  restoreKeptCache,
  restoreRestOfKeptCache,
} from '../query-persistence.ts';

vi.mock('../../idle.ts', () => ({
  whenIdle: (run: () => void) => {
    run();
    return () => undefined;
  },
}));

const store = () => createStore('eproto-cache', 'queries');
const WEEK = ['agenda', 'mine', '2026-12-01', '2026-12-07'];

/** What a first visit and its offline prefetch kept: the person, the week, other screens. */
function keptByFirstVisit(): PersistedClient {
  const first = new QueryClient();
  first.setQueryData(SESSION_KEY, { id: 8, nome: 'Equipe' });
  first.setQueryData(WEEK, { items: [{ id: 1, titulo: 'Limpeza do filtro' }] });
  first.setQueryData(['service-orders', 'detail', 6], { id: 6 });
  first.setQueryData(['service-orders', 'detail', 4], { id: 4 });
  first.setQueryData(['murals', 'detail', 72], { id: 72 });
  return { timestamp: Date.now(), buster: 'offline-v1', clientState: dehydrate(first) };
}

function Week() {
  const week = useQuery<{ items: Array<{ titulo: string }> }>({
    queryKey: WEEK,
    queryFn: () => new Promise(() => {}),
    staleTime: Infinity, // no refetch: what follows counts only the kept queries' own events
  });
  return <p>{week.data?.items[0]?.titulo ?? 'carregando'}</p>;
}

const keyOf = (event: QueryCacheNotifyEvent) => JSON.stringify(event.query.queryKey);

describe('the kept cache restored on demand', () => {
  it('adds only what the screen asks for before it renders, the rest when idle', async () => {
    await set('query-client', keptByFirstVisit(), store());
    const cache = new KeptQueryCache();
    const client = new QueryClient({
      queryCache: cache,
      defaultOptions: { queries: { retry: false } },
    });
    const added: string[] = [];
    cache.subscribe((event) => {
      if (event.type === 'added') added.push(keyOf(event));
    });

    await restoreKeptCache(client);
    expect(added).toEqual([]);
    expect(cache.waiting).toBe(5);

    // The first render shows the kept week at once; only the week entered the cache.
    renderUi(<Week />, { client });
    expect(screen.getByText('Limpeza do filtro')).toBeTruthy();
    expect(added).toEqual([JSON.stringify(WEEK)]);
    // A lookup by key takes its kept query too (getQueryData, setQueryData, fetchQuery).
    expect(client.getQueryData(SESSION_KEY)).toEqual({ id: 8, nome: 'Equipe' });
    expect(cache.waiting).toBe(3);

    restoreRestOfKeptCache(client);
    expect(cache.waiting).toBe(0);
    expect(client.getQueryData(['murals', 'detail', 72])).toEqual({ id: 72 });
    expect(added).toHaveLength(5);

    // Adding what was kept writes nothing back (it is saved as it is).
    const marker = { ...keptByFirstVisit(), buster: 'unchanged' };
    await set('query-client', marker, store());
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 50));
    expect((await get<PersistedClient>('query-client', store()))?.buster).toBe('unchanged');
  });

  it('walks over every kept query (invalidate, find) even before the rest came in', async () => {
    await set('query-client', keptByFirstVisit(), store());
    const client = new QueryClient({ queryCache: new KeptQueryCache() });
    await restoreKeptCache(client);
    const details = client.getQueryCache().findAll({ queryKey: ['service-orders', 'detail'] });
    expect(details.map((q) => q.queryKey)).toEqual([
      ['service-orders', 'detail', 6],
      ['service-orders', 'detail', 4],
    ]);
  });

  it('saves every kept query when a write comes before the rest was added', async () => {
    await set('query-client', keptByFirstVisit(), store());
    const cache = new KeptQueryCache();
    const client = new QueryClient({ queryCache: cache });
    await restoreKeptCache(client);
    client.setQueryData(WEEK, { items: [{ id: 2, titulo: 'Troca de correia' }] });
    expect(cache.waiting).toBe(4);
    await vi.waitFor(async () => {
      window.dispatchEvent(new Event('pagehide'));
      const saved = await get<PersistedClient>('query-client', store());
      const keys = saved?.clientState.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
      expect(keys).toHaveLength(5);
      const week = saved?.clientState.queries.find((q) => q.queryKey[0] === 'agenda');
      expect(week?.state.data).toEqual({ items: [{ id: 2, titulo: 'Troca de correia' }] });
    });
  });

  it('forgets the kept queries still waiting when the cache is cleared (sign-out)', async () => {
    await set('query-client', keptByFirstVisit(), store());
    const cache = new KeptQueryCache();
    const client = new QueryClient({ queryCache: cache });
    await restoreKeptCache(client);
    client.clear();
    expect(cache.waiting).toBe(0);
    expect(client.getQueryData(SESSION_KEY)).toBeUndefined();
  });
});

describe('what Meus EPIs and the OS render, kept on the device', () => {
  it("keeps one's own trainings, ASO and CNH, and the APRs and PTs to sign", () => {
    expect(keptOffline(['sst', 'worker', 'me'])).toBe(true);
    expect(keptOffline(['apr-pt', 'aprs', { status: 'em_assinatura' }])).toBe(true);
    expect(keptOffline(['apr-pt', 'aprs', { status: 'em_assinatura', osId: 6 }])).toBe(true);
    expect(keptOffline(['apr-pt', 'pts', {}])).toBe(true);
    // Another person's file (a manager's screen) is not kept.
    expect(keptOffline(['sst', 'worker', 12])).toBe(false);
  });
});
