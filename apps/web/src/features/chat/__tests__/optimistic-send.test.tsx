import '../../../test/setup-dom.ts';

import { QueryClientProvider, useMutation, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-error.ts';
import type { OutboxMutationOptions } from '../../../lib/offline/use-outbox-mutation.ts';
import type { OutboxInput } from '../../../lib/offline/outbox.ts';
import type { OutboxResult } from '../../../lib/offline/outbox-types.ts';
import { testQueryClient } from '../../../test/render.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn() }));

// The outbox itself is tested in lib/offline; here it answers as the test says: sent, kept
// for later (no signal) or refused, and the hook's callbacks run as the real one runs them.
let outcome: () => Promise<OutboxResult<Msg>>;
const enqueued: Omit<OutboxInput, 'kind'>[] = [];
vi.mock('../../../lib/offline/use-outbox-mutation.ts', () => ({
  useOutboxMutation: <V, T>(o: OutboxMutationOptions<V, T>) =>
    useMutation<OutboxResult<T>, ApiError, V>({
      mutationFn: (vars) => {
        enqueued.push(o.request(vars));
        return outcome() as Promise<OutboxResult<T>>;
      },
      onSuccess: (r, vars, _c, ctx) => {
        if (r.status === 'sent') o.onSent?.(r.data, vars, ctx.client);
        else o.onQueued?.(vars);
      },
      onError: (e, vars) => void o.onRefused?.(e, vars),
    }),
}));

const { toastError } = await import('../../../lib/toast.ts');
const { useOptimisticSend } = await import('../api/optimistic-send.ts');

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

function setup() {
  const client = testQueryClient();
  client.setQueryData<Pages>(KEY, loaded([{ id: 1, text: 'Oi' }]));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      useOptimisticSend<{ text: string }, Msg>({
        path: '/chat/send',
        label: (body) => `Mensagem: ${body.text}`,
        meta: (body) => ({ to: 7, content: body.text }),
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

describe('useOptimisticSend (through the outbox)', () => {
  it('shows the message at once and swaps in the stored one', async () => {
    let answer!: (m: Msg) => void;
    outcome = () =>
      new Promise((resolve) => (answer = (data) => resolve({ status: 'sent', data })));
    const { result, texts, ids } = setup();
    act(() => result.current.mutate({ text: 'Chegando' }));
    await waitFor(() => expect(texts()).toEqual(['Oi', 'Chegando']));
    expect(ids()[1]).toBeLessThan(0); // still on its way
    expect(enqueued.at(-1)).toMatchObject({
      method: 'POST',
      path: '/chat/send',
      body: { text: 'Chegando' },
      meta: { to: 7, content: 'Chegando' },
    });
    act(() => answer({ id: 2, text: 'Chegando' }));
    await waitFor(() => expect(ids()).toEqual([1, 2]));
  });

  it('without signal hands the message to the outbox (which shows it) and drops the copy', async () => {
    outcome = () => Promise.resolve({ status: 'queued', key: 'k-1' });
    const { result, texts } = setup();
    await act(() => result.current.mutateAsync({ text: 'Sem sinal' }));
    expect(texts()).toEqual(['Oi']);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('takes the message back with a toast when the server refuses it', async () => {
    outcome = () =>
      Promise.reject(new ApiError({ status: 400, code: 'VALIDATION', message: 'Texto longo.' }));
    const { result, texts } = setup();
    act(() => result.current.mutate({ text: 'Perdida' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(texts()).toEqual(['Oi']);
    expect(toastError).toHaveBeenCalledWith('Texto longo.');
  });
});
