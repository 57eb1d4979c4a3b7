import '../../../test/setup-dom.ts';

import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { testQueryClient } from '../../../test/render.tsx';
import { useOptimisticSend } from '../api/optimistic-send.ts';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn() }));
const { toastError } = await import('../../../lib/toast.ts');

interface Msg {
  id: number;
  text: string;
}
type Pages = InfiniteData<{ items: Msg[]; hasMore: boolean }, unknown>;

const KEY = ['conversa', 7];
const loaded = (items: Msg[]): Pages => ({
  pages: [{ items, hasMore: false }],
  pageParams: [null],
});

function setup(send: (body: { text: string }) => Promise<Msg>) {
  const client = testQueryClient();
  client.setQueryData<Pages>(KEY, loaded([{ id: 1, text: 'Oi' }]));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useOptimisticSend<{ text: string }, Msg>({
        send,
        pagesKey: () => KEY,
        pending: (body, id) => ({ id, text: body.text }),
        afterKey: ['conversas'],
      }),
    { wrapper },
  );
  const texts = () => client.getQueryData<Pages>(KEY)!.pages[0]!.items.map((m) => m.text);
  const ids = () => client.getQueryData<Pages>(KEY)!.pages[0]!.items.map((m) => m.id);
  return { result, texts, ids };
}

describe('useOptimisticSend', () => {
  it('shows the message at once and swaps in the stored one', async () => {
    let answer!: (m: Msg) => void;
    const { result, texts, ids } = setup(() => new Promise<Msg>((resolve) => (answer = resolve)));
    act(() => result.current.mutate({ text: 'Chegando' }));
    await waitFor(() => expect(texts()).toEqual(['Oi', 'Chegando']));
    expect(ids()[1]).toBeLessThan(0); // still on its way
    act(() => answer({ id: 2, text: 'Chegando' }));
    await waitFor(() => expect(ids()).toEqual([1, 2]));
  });

  it('takes the message back with a toast when the send fails', async () => {
    const { result, texts } = setup(() => Promise.reject(new Error('Sem conexão.')));
    act(() => result.current.mutate({ text: 'Perdida' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(texts()).toEqual(['Oi']);
    expect(toastError).toHaveBeenCalledWith('Sem conexão.');
  });
});
