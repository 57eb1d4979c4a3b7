import '../../../test/setup-dom.ts';

import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, testQueryClient } from '../../../test/render.tsx';
import { useApproveReview } from '../api/approve-review.ts';
import { reviewKeys } from '../api/keys.ts';
import { useRejectReview } from '../api/reject-review.ts';

// Issue 37, one owner of invalidation per write: a decision made in the queue used to refetch
// the queue and all of ['protocols'] itself; its X-Changes ('protocol.changed',
// 'reviews.changed') do that now, through the change map. A refused one is put back here.

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

function setup<V>(
  useWrite: () => { mutate: (v: V) => void; isSuccess: boolean; isError: boolean },
) {
  const client = testQueryClient();
  client.setQueryData(reviewKeys.count, 2);
  const spy = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useWrite, { wrapper });
  return { client, spy, result };
}

describe('deciding a review from the queue', () => {
  it('approving or rejecting invalidates nothing itself; the badge drops at once', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ id: 7, titulo: 'Laudo', stage: 'concluido' })),
    );
    const approve = setup(useApproveReview);
    act(() => approve.result.current.mutate({ id: 7 }));
    await waitFor(() => expect(approve.result.current.isSuccess).toBe(true));
    expect(approve.client.getQueryData(reviewKeys.count)).toBe(1);
    expect(approve.spy).not.toHaveBeenCalled();

    const reject = setup(useRejectReview);
    act(() => reject.result.current.mutate({ id: 7, comment: 'Refazer a medição' }));
    await waitFor(() => expect(reject.result.current.isSuccess).toBe(true));
    expect(reject.spy).not.toHaveBeenCalled();
  });

  it('a refused decision puts the badge back and reads the queue again, not the tasks', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ error: 'Esta tarefa não está em revisão.' }, 409)),
    );
    const { client, spy, result } = setup(useApproveReview);
    act(() => result.current.mutate({ id: 7 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.getQueryData(reviewKeys.count)).toBe(2);
    expect(spy).toHaveBeenCalledWith({ queryKey: reviewKeys.all });
    expect(spy).not.toHaveBeenCalledWith({ queryKey: ['protocols'] });
  });
});
