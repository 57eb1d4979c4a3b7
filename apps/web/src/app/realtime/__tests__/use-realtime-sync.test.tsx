import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

function setup() {
  const client = new QueryClient();
  const spy = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useRealtimeSync(), { wrapper });
  const keys = () => spy.mock.calls.map(([f]) => f?.queryKey);
  client.setQueryData(['session'], { id: 1 });
  client.setQueryData(['murals', 'list'], []);
  return { spy, view, keys, client };
}

afterEach(() => {
  push = null;
  vi.clearAllMocks();
});

describe('useRealtimeSync', () => {
  it('refetches the bell on a notification and the chat on a message, in order', async () => {
    const { keys } = setup();
    push!({ type: 'notification', data: { type: 'mention' } });
    // Without its preview (an older server) a message reads the chat again.
    push!({ type: 'chat.message', data: { from: 1 } });
    // The first change loads the map and the patches (a lazy chunk): slow on a busy machine.
    await vi.waitFor(() => expect(keys()).toEqual([['notifications'], ['chat']]), {
      timeout: 5_000,
    });
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
    const { keys } = setup();
    push!({ type: 'service-order.changed', id: 4, origin: TAB_ORIGIN });
    push!({ type: 'service-order.changed', id: 4, origin: 'b'.repeat(32) });
    // Once, for the other tab's event only (the materials picker: its stock follows the OS).
    await vi.waitFor(() =>
      expect(keys()).toEqual([['service-orders'], ['agenda'], ['inventory', 'picker']]),
    );
  });

  it("applies this tab's own changes from the write's answer, through the same map", async () => {
    const { keys } = setup();
    reportLocalChanges([{ type: 'service-order.changed', id: 4 }]);
    await vi.waitFor(() =>
      expect(keys()).toEqual([['service-orders'], ['agenda'], ['inventory', 'picker']]),
    );
  });

  it('closes its subscriptions when the shell unmounts', async () => {
    const { view, keys } = setup();
    view.unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    reportLocalChanges([{ type: 'notification' }]);
    // The handlers are loaded by now (earlier tests): a change still listened to would show.
    await new Promise((r) => setTimeout(r, 20));
    expect(keys()).toEqual([]);
  });
});
