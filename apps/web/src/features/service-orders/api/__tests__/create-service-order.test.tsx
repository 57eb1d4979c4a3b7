import '../../../../test/setup-dom.ts';

import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, testQueryClient, urlOf } from '../../../../test/render.tsx';
import { useCreateServiceOrder } from '../create-service-order.ts';
import { OS_KEY, osKey } from '../keys.ts';

afterEach(() => vi.unstubAllGlobals());

const created = { id: 33, codigo: 'OS-2026-000033' };

describe('useCreateServiceOrder', () => {
  it('puts the new OS in the cache and asks nothing itself: its X-Changes own the rest', async () => {
    let listCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        if (init?.method === 'POST') return Promise.resolve(jsonResponse(created, 201));
        listCalls += 1;
        // the first load answers; the refetch after the creation never does (a slow network)
        return listCalls === 1
          ? Promise.resolve(jsonResponse({ items: [] }))
          : new Promise<Response>(() => urlOf(input));
      }),
    );
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        list: useQuery({
          queryKey: [...OS_KEY, 'list'],
          queryFn: () => fetch('/api/tatico/os').then((r) => r.json()),
        }),
        create: useCreateServiceOrder(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));

    const os = await result.current.create.mutateAsync({} as never);

    expect(os).toMatchObject(created);
    expect(client.getQueryData(osKey(33))).toMatchObject(created);
    // The OS lists and the agenda are patched by the write's 'service-order.changed'
    // (lib/changes/change-effects.ts): the mutation reads nothing again, nor marks it stale.
    await waitFor(() => expect(result.current.create.isSuccess).toBe(true));
    expect(listCalls).toBe(1);
    expect(client.getQueryState([...OS_KEY, 'list'])?.isInvalidated).toBe(false);
  });
});
