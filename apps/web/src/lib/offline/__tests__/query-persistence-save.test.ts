// jsdom + fake-indexeddb: the kept cache is dehydrated once per write, not on every event of
// every query (issue 33: ~15 prefetched queries after each screen, several events per fetch,
// each event dehydrated the whole cache on the main thread), and only kept queries count.
import 'fake-indexeddb/auto';

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { idbPersister, restoreKeptCache } from '../query-persistence.ts';

// The write's idle step (lib/idle.ts) runs right after the throttle here: fake timers do not
// advance requestIdleCallback.
vi.mock('../../idle.ts', () => ({
  whenIdle: (run: () => void) => {
    run();
    return () => undefined;
  },
}));

afterEach(() => {
  vi.useRealTimers();
});

describe('saving the kept cache', () => {
  it('dehydrates once per write, with the latest data, and ignores queries it does not keep', async () => {
    const client = new QueryClient();
    await restoreKeptCache(client);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Every dehydrate (ours or the persist-client's) walks the whole cache through getAll().
    const walks = vi.spyOn(client.getQueryCache(), 'getAll');
    for (let i = 0; i < 20; i++) client.setQueryData(['agenda', 'minha'], { items: [i] });
    for (let i = 0; i < 5; i++) client.setQueryData(['users', 'list', i], [i]);
    expect(walks).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(walks).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const kept = await idbPersister.restoreClient();
    const queries = kept?.clientState.queries ?? [];
    expect(queries.map((q) => q.queryKey)).toEqual([['agenda', 'minha']]);
    expect(queries[0]?.state.data).toEqual({ items: [19] });

    // A query that is not kept changes nothing on the device.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.setQueryData(['users', 'list', 9], [9]);
    vi.advanceTimersByTime(1_000);
    expect(walks).toHaveBeenCalledTimes(1);
  });
});
