import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { RealtimeMessage } from '@eproto/domain';

let push: ((m: RealtimeMessage) => void) | null = null;
const unsubscribe = vi.fn();
vi.mock('../../../lib/realtime.ts', () => ({
  subscribeRealtime: (fn: (m: RealtimeMessage) => void) => {
    push = fn;
    return unsubscribe;
  },
}));

const { useRealtimeSync } = await import('../use-realtime-sync.ts');
const { TAB_ORIGIN } = await import('../../../lib/changes/tab-origin.ts');
const { reportLocalChanges } = await import('../../../lib/changes/local-changes.ts');

/** What the tab holds: a change marks some of these stale (`stale()`, in this order). */
const HELD = [
  ['session'],
  ['murals', 'list'],
  ['notifications', 'latest'],
  ['chat', 'conversas'],
  ['service-orders', 'detail', 4],
  ['agenda', 'entry', 9],
  ['inventory', 'picker'],
];

function setup() {
  const client = new QueryClient();
  const spy = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useRealtimeSync(), { wrapper });
  for (const key of HELD) client.setQueryData(key, 1);
  const stale = () => HELD.filter((key) => client.getQueryState(key)?.isInvalidated);
  return { spy, view, stale, client };
}

// The first change loads the map and the patches, a lazy chunk that imports most features'
// api files: on a busy CI machine that transform alone passed 5 s. Loaded once here (the
// hook's own import() then finds them), so each test waits for what it tests.
beforeAll(async () => {
  await Promise.all([
    import('../../../lib/changes/change-effects.ts'),
    import('../change-patches.ts'),
  ]);
}, 60_000);

afterEach(() => {
  push = null;
  vi.clearAllMocks();
});

describe('useRealtimeSync', () => {
  it('refetches the bell on a notification and the chat on a message', async () => {
    const { stale } = setup();
    push!({ type: 'notification', data: { type: 'mention' } });
    // Without its preview (an older server) a message reads the chat again.
    push!({ type: 'chat.message', data: { from: 1 } });
    await vi.waitFor(
      () =>
        expect(stale()).toEqual([
          ['notifications', 'latest'],
          ['chat', 'conversas'],
        ]),
      { timeout: 5_000 },
    );
  });

  it('refetches everything but the session after a reconnect, not on the first hello', async () => {
    const { spy, client } = setup();
    push!({ type: 'hello' });
    push!({ type: 'hello' });
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    const predicate = spy.mock.calls[0]![0]!.predicate!;
    const query = (key: string[]) => client.getQueryCache().find({ queryKey: key })!;
    expect(predicate(query(['murals', 'list']))).toBe(true);
    expect(predicate(query(['session']))).toBe(false);
  });

  it('skips an event this tab caused and applies one from another tab', async () => {
    const { stale, spy } = setup();
    push!({ type: 'service-order.changed', id: 4, origin: TAB_ORIGIN });
    push!({ type: 'service-order.changed', id: 4, origin: 'b'.repeat(32) });
    // The other tab's event only: the OS, its entry, the materials picker (its stock).
    await vi.waitFor(() =>
      expect(stale()).toEqual([
        ['service-orders', 'detail', 4],
        ['agenda', 'entry', 9],
        ['inventory', 'picker'],
      ]),
    );
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("applies this tab's own changes from the write's answer, through the same map", async () => {
    const { stale } = setup();
    reportLocalChanges([{ type: 'service-order.changed', id: 4 }]);
    await vi.waitFor(() =>
      expect(stale()).toEqual([
        ['service-orders', 'detail', 4],
        ['agenda', 'entry', 9],
        ['inventory', 'picker'],
      ]),
    );
  });

  it('closes its subscriptions when the shell unmounts', async () => {
    const { view, stale } = setup();
    view.unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    reportLocalChanges([{ type: 'notification' }]);
    // The handlers are loaded by now (earlier tests): a change still listened to would show.
    await new Promise((r) => setTimeout(r, 20));
    expect(stale()).toEqual([]);
  });
});
