import { RT_EVENTS, type RealtimeChange, type ReviewItem } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V2, type ApiGet } from '../../../test/on-screen.ts';
import type { ReviewPage } from '../api/get-reviews.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchReviewsOnChange } = await import('../api/get-review-changes.ts');
const { reviewKeys } = await import('../api/keys.ts');
const { effectsOf } = await import('../../../lib/changes/change-effects.ts');

const review = (id: number, mural_id: number, titulo = `Tarefa ${id}`) =>
  ({ id, protocol_id: id, titulo, mural_id, mural_titulo: `Demanda ${mural_id}` }) as ReviewItem;

const QUERY = { page: 1, perPage: 20 };

/** A reviewer's tab: the queue's first page and the badge. */
function queueTab() {
  const list = onScreen<ReviewPage>(reviewKeys.list(QUERY), {
    items: [review(1, 10), review(2, 20)],
    total: 2,
  });
  const badge = onScreen<number>(reviewKeys.count, 2, { client: list.client });
  const refetch = vi.spyOn(list.client, 'invalidateQueries');
  return { client: list.client, list, badge, refetch };
}

/** Every key a change makes stale, of the two the tab holds. */
const stale = (change: RealtimeChange) => {
  const keys = [reviewKeys.count, reviewKeys.list(QUERY)];
  return keys.filter((k) => effectsOf(change).some((e) => matches(e, k)));
};
const matches = (e: ReturnType<typeof effectsOf>[number], key: readonly unknown[]) =>
  e.queryKey.every((part, i) => part === key[i]) && !e.keep?.(key);

afterEach(() => vi.clearAllMocks());

describe('patchReviewsOnChange', () => {
  it('a queue move: the page asks since the version and the badge comes from the answer', async () => {
    const tab = queueTab();
    get.mockResolvedValue({ ...pageChanges([review(3, 10)], [1, 2, 3]), count: 5 });
    const moved: RealtimeChange = {
      type: RT_EVENTS.reviewsChanged,
      version: V2,
      data: { ids: [3], mural_id: 10 },
    };
    expect(stale(moved)).toEqual([]);
    await patchReviewsOnChange(tab.client, moved);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/reviews/changes', {
      params: { ...QUERY, updated_since: V2 },
    });
    expect(tab.list.data()).toMatchObject({ total: 3 });
    expect(tab.list.data().items.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(tab.badge.data()).toBe(5);
    expect(tab.refetch).not.toHaveBeenCalled();
    expect(tab.list.full).not.toHaveBeenCalled();
    expect(tab.badge.full).not.toHaveBeenCalled();
  });

  it("a task's change asks only on a page that shows it; its queue move asks once", async () => {
    const tab = queueTab();
    const task = (ids: number[], extra = {}): RealtimeChange => ({
      type: RT_EVENTS.protocolChanged,
      version: V2,
      data: { ids, mural_id: 10, ...extra },
    });
    expect(stale(task([7]))).toEqual([]);
    await patchReviewsOnChange(tab.client, task([7]));
    expect(get).not.toHaveBeenCalled();
    // Moved into the queue: 'reviews.changed' follows and asks (above), not this one.
    await patchReviewsOnChange(tab.client, task([1], { reviews: true }));
    expect(get).not.toHaveBeenCalled();

    get.mockResolvedValue({ ...pageChanges([review(1, 10, 'Laudo final')], [1, 2]), count: 2 });
    await patchReviewsOnChange(tab.client, task([1]));
    expect(get).toHaveBeenCalledTimes(1);
    expect(tab.list.data().items[0]!.titulo).toBe('Laudo final');
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it("a demand's change asks only where its reviews show; a deleted one reads again", async () => {
    const tab = queueTab();
    const demand = (id: number): RealtimeChange => ({
      type: RT_EVENTS.muralChanged,
      id,
      version: V2,
      data: { id },
    });
    expect(stale(demand(30))).toEqual([]);
    await patchReviewsOnChange(tab.client, demand(30));
    expect(get).not.toHaveBeenCalled();
    get.mockResolvedValue({ ...pageChanges([review(2, 20)], [1, 2]), count: 2 });
    await patchReviewsOnChange(tab.client, demand(20));
    expect(get).toHaveBeenCalledTimes(1);
    // Without a version (deleted) the queue is read again; so is a change of participants.
    expect(stale({ type: RT_EVENTS.muralChanged, id: 20 })).toEqual([reviewKeys.list(QUERY)]);
    const people = { ...demand(20), data: { id: 20, part: 'participants' } };
    expect(stale(people)).toEqual([reviewKeys.list(QUERY)]);
    expect(stale({ type: RT_EVENTS.reviewsChanged })).toEqual([
      reviewKeys.count,
      reviewKeys.list(QUERY),
    ]);
  });

  it('a failed ask reads the page again, and the badge', async () => {
    const tab = queueTab();
    tab.refetch.mockResolvedValue();
    get.mockRejectedValue(new Error('Informe "updated_since" como data e hora com fuso.'));
    await patchReviewsOnChange(tab.client, {
      type: RT_EVENTS.reviewsChanged,
      version: V2,
      data: { ids: [3], mural_id: 10 },
    });
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: reviewKeys.list(QUERY), exact: true });
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: reviewKeys.count, exact: true });
  });
});
