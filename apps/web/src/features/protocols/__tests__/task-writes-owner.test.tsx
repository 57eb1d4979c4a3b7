import '../../../test/setup-dom.ts';

import { RT_EVENTS } from '@eproto/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { applyChange } from '../../../lib/changes/change-effects.ts';
import { jsonResponse, testQueryClient } from '../../../test/render.tsx';
import { useAddDependency } from '../api/add-dependency.ts';
import { useDecideReview } from '../api/decide-review.ts';
import { protocolKeys } from '../api/keys.ts';
import { useRemoveDependency } from '../api/remove-dependency.ts';
import { useUpdateProtocol } from '../api/update-protocol.ts';

// Issue 37, one owner of invalidation per write: these task writes used to invalidate all of
// ['protocols'] (and the reviews) themselves, on top of their X-Changes. Now the change map
// alone decides what they make stale; the mutations invalidate nothing on success.

/** The review badge's key (features/reviews). */
const REVIEW_COUNT = ['reviews', 'count'] as const;

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const task = { id: 7, titulo: 'Laudo', mural_id: 3, stage: 'concluido', cascaded: [] };
const link = {
  id: 9,
  protocol_id: 7,
  predecessor_id: 5,
  lag_days: 0,
  predecessor: { id: 5, titulo: 'Vistoria' },
  successor: { id: 7, titulo: 'Laudo' },
  created_at: '2026-11-30T05:00:00.000Z',
  cascaded: [],
};

/** Runs one mutation with the task's queries cached; answers what it invalidated. */
async function invalidatedBy<V>(
  useWrite: () => { mutate: (v: V) => void; isSuccess: boolean },
  input: V,
): Promise<{ client: QueryClient; calls: unknown[] }> {
  const client = testQueryClient();
  for (const key of [
    protocolKeys.list({ page: 1, perPage: 30 }),
    protocolKeys.detail(7),
    protocolKeys.dependencies(7),
    REVIEW_COUNT,
  ])
    client.setQueryData(key, key === REVIEW_COUNT ? 2 : { items: [], total: 0 });
  const spy = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useWrite, { wrapper });
  act(() => result.current.mutate(input));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  return { client, calls: spy.mock.calls };
}

describe('task writes leave invalidation to their X-Changes', () => {
  it('the task form, adding and removing a link, and deciding a review invalidate nothing', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(task)));
    expect((await invalidatedBy(() => useUpdateProtocol(7), { titulo: 'Laudo' })).calls).toEqual(
      [],
    );
    expect((await invalidatedBy(() => useDecideReview(7), { decision: 'approve' })).calls).toEqual(
      [],
    );
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(link)));
    expect(
      (await invalidatedBy(() => useAddDependency(7), { predecessor_id: 5, lag_days: 0 })).calls,
    ).toEqual([]);
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
    expect((await invalidatedBy(() => useRemoveDependency(7), 9)).calls).toEqual([]);
  });

  it("their 'protocol.changed' refreshes the task and its links, and patches the lists and reviews", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
    const { client } = await invalidatedBy(() => useRemoveDependency(7), 9);
    applyChange(client, {
      type: RT_EVENTS.protocolChanged,
      version: '2026-11-30T05:00:00.000Z',
      data: { ids: [7], mural_id: 3 },
    });
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(protocolKeys.detail(7))).toBe(true);
    expect(stale(protocolKeys.dependencies(7))).toBe(true);
    // With a version the review lists and their count are patched from /reviews/changes
    // (app/realtime/change-patches.ts, 999724f), not refetched.
    expect(stale(REVIEW_COUNT)).toBe(false);
    expect(stale(protocolKeys.list({ page: 1, perPage: 30 }))).toBe(false);
  });
});
