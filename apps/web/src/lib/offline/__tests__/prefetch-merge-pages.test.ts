import { describe, expect, it, vi } from 'vitest';

import { fetchSyncedPage, mergeSyncedPage } from '../prefetch-merge.ts';

interface Os {
  id: number;
  status: string;
}
interface Page {
  items: Os[];
  total: number;
  cursor?: string;
  ids?: number[];
}
const os = (id: number, status = 'aberta'): Os => ({ id, status });
const kept: Page = { items: [os(3), os(2), os(1)], total: 3, cursor: 'c1' };

describe('mergeSyncedPage (OS list, the bell)', () => {
  it('builds the page from ids in order: changed rows answered, the others kept', () => {
    const merged = mergeSyncedPage(kept, {
      items: [os(2, 'em_execucao'), os(4)],
      total: 3,
      cursor: 'c2',
      ids: [4, 3, 2],
    });
    expect(merged).toEqual({
      items: [os(4), os(3), os(2, 'em_execucao')],
      total: 3,
      cursor: 'c2',
      ids: undefined,
    });
  });

  it('a row that left the page (deleted, filtered out) is dropped', () => {
    const merged = mergeSyncedPage(kept, { items: [], total: 2, cursor: 'c2', ids: [3, 1] });
    expect(merged?.items.map((o) => o.id)).toEqual([3, 1]);
    expect(merged?.total).toBe(2);
  });

  it('null when a row of the page is neither answered nor kept (it moved in unchanged)', () => {
    expect(mergeSyncedPage(kept, { items: [], total: 4, ids: [3, 2, 1, 0] })).toBeNull();
    expect(mergeSyncedPage(undefined, { items: [], total: 1, ids: [1] })).toBeNull();
  });

  it('a whole answer (no ids) is taken as is', () => {
    const whole: Page = { items: [os(9)], total: 1, cursor: 'c3' };
    expect(mergeSyncedPage(kept, whole)).toBe(whole);
  });
});

describe('fetchSyncedPage', () => {
  it('asks with the kept cursor and merges; nothing kept asks for the whole page', async () => {
    const fetch = vi.fn().mockResolvedValue({ items: [], total: 3, cursor: 'c2', ids: [3, 2, 1] });
    expect((await fetchSyncedPage(kept, fetch)).items).toEqual(kept.items);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('c1');
    const whole = vi.fn().mockResolvedValue(kept);
    expect(await fetchSyncedPage(undefined, whole)).toBe(kept);
    expect(whole).toHaveBeenCalledWith(undefined);
  });

  it('asks again for the whole page when the merge cannot complete it', async () => {
    const fresh: Page = { items: [os(5), os(3)], total: 2, cursor: 'c3' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce({ items: [], total: 2, cursor: 'c3', ids: [5, 3] })
      .mockResolvedValueOnce(fresh);
    expect(await fetchSyncedPage(kept, fetch)).toBe(fresh);
    expect(fetch.mock.calls).toEqual([['c1'], [undefined]]);
  });
});
