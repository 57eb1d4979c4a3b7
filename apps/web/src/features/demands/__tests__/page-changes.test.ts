import type { MuralSummary, MuralSummaryQuery } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { muralSummary } from '../../../test/mural-summary.ts';
import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';
import type { MuralPage } from '../api/get-murals-summary.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get }, requestWithHeaders: vi.fn() }));

const { patchSummariesOnChange } = await import('../api/get-page-changes.ts');
const { mergePage } = await import('../../../lib/changes/page-delta.ts');
const { markSeenInCache } = await import('../api/mark-mural-viewed.ts');
const { muralKeys } = await import('../api/keys.ts');

const QUERY: MuralSummaryQuery = { page: 1, perPage: 25, sort: '-updated_at', stage: ['a_fazer'] };

const row = (id: number, over: Partial<MuralSummary> = {}) =>
  muralSummary({ id, created_at: V1, updated_at: V1, ...over });

/** One page of the Demandas list cached (and on screen unless `hidden`). */
const pageOnScreen = (items: MuralSummary[], { hidden = false, total = items.length } = {}) =>
  onScreen<MuralPage>(muralKeys.summary(QUERY), { items, total }, { hidden });

const changed = {
  type: 'mural.changed' as const,
  id: 4,
  version: V2,
  data: { id: 4, board_id: 1 },
};

afterEach(() => vi.clearAllMocks());

describe('mergePage', () => {
  it('takes the order of ids, changed rows from the answer, the others as held', () => {
    const page = { items: [row(1), row(2), row(3)], total: 3 };
    const merged = mergePage(
      page,
      pageChanges([row(3, { titulo: 'Nova', updated_at: V2 })], [3, 1]),
    );
    expect(merged!.items.map((m) => [m.id, m.titulo])).toEqual([
      [3, 'Nova'],
      [1, 'Demanda 1'],
    ]);
    expect(merged!.items[1]).toBe(page.items[0]);
    expect(merged!.total).toBe(2);
  });

  it('gives up (null) when the page now shows a demand it does not hold', () => {
    const page = { items: [row(1)], total: 1 };
    expect(mergePage(page, pageChanges([], [1, 9]))).toBeNull();
  });
});

describe('patchSummariesOnChange', () => {
  it("asks the page's changes since the event version, with its filters, and patches it", async () => {
    const { client, data } = pageOnScreen([row(1), row(2), row(3)], { total: 30 });
    get.mockResolvedValue(
      pageChanges([row(4, { titulo: 'Troca de luminárias', updated_at: V2 })], [4, 1, 2], 31),
    );
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchSummariesOnChange(client, changed);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/murals/summary/page/changes', {
      params: { page: 1, perPage: 25, sort: '-updated_at', stage: 'a_fazer', updated_since: V2 },
    });
    expect(data()).toEqual({
      items: [row(4, { titulo: 'Troca de luminárias', updated_at: V2 }), row(1), row(2)],
      total: 31,
    });
    expect(refetch).not.toHaveBeenCalled();
  });

  it('asks nothing when the page shows the demand in that version already', async () => {
    const { client } = pageOnScreen([row(4, { updated_at: V2 })]);
    await patchSummariesOnChange(client, changed);
    expect(get).not.toHaveBeenCalled();
  });

  it('asks again for a message on a demand it shows (its unread mark, same version)', async () => {
    const { client, data } = pageOnScreen([row(4, { updated_at: V2 })]);
    get.mockResolvedValue(pageChanges([row(4, { updated_at: V2, unread: true })], [4]));
    await patchSummariesOnChange(client, { ...changed, data: { id: 4, part: 'messages' } });
    expect(data().items[0]!.unread).toBe(true);
  });

  it('reads the page again when a demand came in unchanged from the next page', async () => {
    const { client } = pageOnScreen([row(1), row(2)]);
    get.mockResolvedValue(pageChanges([], [2, 7]));
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchSummariesOnChange(client, changed);
    expect(refetch).toHaveBeenCalledWith({ queryKey: muralKeys.summary(QUERY), exact: true });
  });

  it('reads the page again when the changes cannot be read (refused or offline)', async () => {
    const { client } = pageOnScreen([row(1)]);
    get.mockRejectedValue(new Error('Informe "updated_since" como data e hora com fuso'));
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchSummariesOnChange(client, changed);
    expect(refetch).toHaveBeenCalledWith({ queryKey: muralKeys.summary(QUERY), exact: true });
  });

  it('a page kept but not on screen is only marked stale; no version reads nothing here', async () => {
    const { client } = pageOnScreen([row(1)], { hidden: true });
    await patchSummariesOnChange(client, changed);
    expect(get).not.toHaveBeenCalled();
    expect(client.getQueryState(muralKeys.summary(QUERY))?.isInvalidated).toBe(true);
    const other = pageOnScreen([row(1)]);
    await patchSummariesOnChange(other.client, { type: 'mural.changed', id: 4 });
    expect(get).not.toHaveBeenCalled();
  });
});

describe('markSeenInCache (mural.viewed)', () => {
  it('clears the unread mark on list pages, boards and counters without a request', () => {
    const { client, data } = pageOnScreen([row(1, { unread: true }), row(2, { unread: true })]);
    client.setQueryData(muralKeys.board(1), [row(1, { unread: true })]);
    const counts = { id: 1, tasks: 0, messages: 2, attachments: 0 };
    client.setQueryData(
      muralKeys.counts('1'),
      new Map([[1, { ...counts, unread: true, unread_messages: 2 }]]),
    );
    markSeenInCache(client, 1);
    expect(data().items.map((m) => m.unread)).toEqual([false, true]);
    expect(client.getQueryData<MuralSummary[]>(muralKeys.board(1))![0]!.unread).toBe(false);
    const c = client.getQueryData<Map<number, { unread: boolean; unread_messages: number }>>(
      muralKeys.counts('1'),
    );
    expect(c!.get(1)).toMatchObject({ unread: false, unread_messages: 0 });
    expect(get).not.toHaveBeenCalled();
  });
});
