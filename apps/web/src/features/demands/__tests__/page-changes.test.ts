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
const { SESSION_KEY } = await import('../../../lib/session-key.ts');

const QUERY: MuralSummaryQuery = { page: 1, perPage: 25, sort: '-updated_at', stage: ['a_fazer'] };

const row = (id: number, over: Partial<MuralSummary> = {}) =>
  muralSummary({ id, created_at: V1, updated_at: V1, ...over });

/** One page of the Demandas list cached (and on screen unless `hidden`). */
const pageOnScreen = (
  items: MuralSummary[],
  { hidden = false, total = items.length, query = QUERY } = {},
) => onScreen<MuralPage>(muralKeys.summary(query), { items, total }, { hidden });

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
      params: {
        page: 1,
        perPage: 25,
        sort: '-updated_at',
        stage: 'a_fazer',
        updated_since: V2,
        have: '1,2,3',
      },
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

describe('a kanban move carried by the event (data.move)', () => {
  const BY_BOARD: MuralSummaryQuery = { page: 1, perPage: 25, sort: '-updated_at', board_id: 1 };
  const move = {
    stage: 'em_revisao',
    from: V1,
    inicio_real: '2026-11-29',
    fim_real: null,
    atrasada: false,
    by: 8,
  };
  const event = { ...changed, data: { id: 4, board_id: 1, move } };
  const listed = (items: MuralSummary[], query: MuralSummaryQuery, total = items.length) => {
    const page = pageOnScreen(items, { query, total });
    page.client.setQueryData(SESSION_KEY, { id: 5, email: 'd@x', nome: 'D', type: 'diretor' });
    return page;
  };

  it('moves the row to the top of the first page, asking nothing: unread for the others', async () => {
    const { client, data } = listed([row(1), row(2), row(4)], BY_BOARD);
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchSummariesOnChange(client, event);
    expect(get).not.toHaveBeenCalled();
    expect(refetch).not.toHaveBeenCalled();
    expect(data().items.map((m) => [m.id, m.stage])).toEqual([
      [4, 'em_revisao'],
      [1, 'a_fazer'],
      [2, 'a_fazer'],
    ]);
    expect(data().items[0]).toMatchObject({
      updated_at: V2,
      inicio_real: '2026-11-29',
      atrasada: false,
      unread: true,
    });
    expect(data().total).toBe(3);
  });

  it('a row at another version missed a change: the page asks, as before', async () => {
    const V0 = '2026-11-29T09:00:00.000Z';
    const { client, data } = listed([row(1), row(4, { updated_at: V0 })], BY_BOARD);
    get.mockResolvedValue({
      items: [row(4, { stage: 'em_revisao', titulo: 'Renomeada', updated_at: V2 })],
      ids: [4, 1],
      total: 2,
      cursor: V2,
    });
    await patchSummariesOnChange(client, event);
    expect(get).toHaveBeenCalledTimes(1);
    expect(data().items[0]).toMatchObject({ id: 4, titulo: 'Renomeada' });
  });

  it('a row that leaves a filtered page before the last asks the delta with the ids held', async () => {
    const { client, data } = listed([row(1), row(4)], QUERY, 30);
    get.mockResolvedValue(pageChanges([row(7)], [1, 7], 29));
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchSummariesOnChange(client, event);
    expect(get).toHaveBeenCalledWith('/eproto/murals/summary/page/changes', {
      params: { ...QUERY, stage: 'a_fazer', updated_since: V2, have: '1,4' },
    });
    // The row pushed up from page 2 came whole in the answer: the page is not read again.
    expect(data()).toEqual({ items: [row(1), row(7)], total: 29 });
    expect(refetch).not.toHaveBeenCalled();
  });

  it('by -updated_at a later page cannot move the row to the top alone: it asks', async () => {
    const { client } = listed([row(1), row(4)], { ...BY_BOARD, page: 2 }, 30);
    get.mockResolvedValue({ items: [], ids: [9, 1], total: 30, cursor: V2 });
    vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchSummariesOnChange(client, event);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('sorted by title: the row is patched in place, a page without it asks nothing', async () => {
    const byTitle = { ...BY_BOARD, sort: 'titulo' };
    const { client, data } = listed([row(1), row(4), row(2)], byTitle, 60);
    await patchSummariesOnChange(client, event);
    expect(data().items.map((m) => [m.id, m.stage])).toEqual([
      [1, 'a_fazer'],
      [4, 'em_revisao'],
      [2, 'a_fazer'],
    ]);
    const other = listed([row(1), row(2)], { ...byTitle, page: 2 }, 60);
    const before = other.data();
    await patchSummariesOnChange(other.client, event);
    expect(other.data()).toBe(before);
    expect(get).not.toHaveBeenCalled();
  });
});

describe('a kanban move on a filtered page or a page past the first (data.move)', () => {
  const move = {
    stage: 'em_revisao',
    from: V1,
    from_stage: 'a_fazer',
    inicio_real: '2026-11-29',
    fim_real: null,
    atrasada: false,
    by: 8,
  };
  const event = { ...changed, data: { id: 4, board_id: 1, move } };
  const moved = (over: Record<string, unknown>) => ({
    ...event,
    data: { ...event.data, move: { ...move, ...over } },
  });
  const listed = (items: MuralSummary[], query: MuralSummaryQuery, total = items.length) => {
    const page = pageOnScreen(items, { query, total });
    page.client.setQueryData(SESSION_KEY, { id: 5, email: 'd@x', nome: 'D', type: 'diretor' });
    return page;
  };
  const stages = (...stage: string[]): MuralSummaryQuery => ({
    page: 2,
    perPage: 2,
    sort: 'titulo',
    stage,
  });
  /** Versions older than V1 (the move's `from`), newest first: a page past the first. */
  const at = (hour: string) => `2026-11-29T${hour}:00:00.000Z`;

  it('a held row that stays in the filter is patched in place on page 2, asking nothing', async () => {
    const { client, data } = listed([row(1), row(4)], stages('a_fazer', 'em_revisao'), 30);
    await patchSummariesOnChange(client, event);
    expect(get).not.toHaveBeenCalled();
    expect(data().items.map((m) => [m.id, m.stage, m.updated_at])).toEqual([
      [1, 'a_fazer', V1],
      [4, 'em_revisao', V2],
    ]);
    expect(data().total).toBe(30);
  });

  it('a held row at another version (a missed change) asks, filtered or not', async () => {
    const { client } = listed([row(1), row(4, { updated_at: at('09') })], stages('a_fazer'), 30);
    get.mockResolvedValue(pageChanges([], [1], 29));
    vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchSummariesOnChange(client, moved({ stage: 'em_andamento' }));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a held row that leaves the filter on the last page goes, the total drops, nothing asked', async () => {
    const { client, data } = listed([row(1), row(4)], stages('a_fazer'), 4);
    await patchSummariesOnChange(client, event);
    expect(get).not.toHaveBeenCalled();
    expect(data()).toEqual({ items: [row(1)], total: 3 });
  });

  it('a move between stages the page does not list changes nothing on it', async () => {
    const { client, data } = listed([row(1), row(2)], stages('em_andamento'), 30);
    const before = data();
    await patchSummariesOnChange(client, event);
    expect(get).not.toHaveBeenCalled();
    expect(data()).toBe(before);
  });

  it('a row that enters the filter asks the delta, with the ids held', async () => {
    const { client, data } = listed([row(1), row(2)], stages('em_revisao'), 30);
    get.mockResolvedValue(pageChanges([row(4, { stage: 'em_revisao', updated_at: V2 })], [4, 1]));
    await patchSummariesOnChange(client, event);
    expect(get.mock.calls[0]![1]!.params).toMatchObject({ have: '1,2', updated_since: V2 });
    expect(data().items.map((m) => m.id)).toEqual([4, 1]);
  });

  it('without from_stage (an older server) a filtered page not holding the row asks', async () => {
    const { client } = listed([row(1), row(2)], stages('em_andamento'), 30);
    get.mockResolvedValue(pageChanges([], [1, 2], 30));
    await patchSummariesOnChange(client, moved({ from_stage: undefined }));
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a row moved within the filter keeps its place by title: a page without it asks nothing', async () => {
    const { client } = listed([row(1), row(2)], stages('a_fazer', 'em_revisao'), 30);
    await patchSummariesOnChange(client, event);
    expect(get).not.toHaveBeenCalled();
  });

  describe('page 2 by -updated_at', () => {
    const PAGE_2: MuralSummaryQuery = { page: 2, perPage: 2, sort: '-updated_at', board_id: 1 };
    const second = () => [row(1, { updated_at: at('08') }), row(2, { updated_at: at('07') })];

    it('a row that was on page 1 goes to its top: page 2 is the same, nothing asked', async () => {
      const { client, data } = listed(second(), PAGE_2, 30);
      const before = data();
      await patchSummariesOnChange(client, event);
      expect(get).not.toHaveBeenCalled();
      expect(data()).toBe(before);
    });

    it('a row from a later page pushes page 2 down: it asks the delta, not the page', async () => {
      const { client, data } = listed(second(), PAGE_2, 30);
      const pushed = row(9, { updated_at: at('09') });
      get.mockResolvedValue(pageChanges([pushed], [9, 1], 30));
      const refetch = vi.spyOn(client, 'invalidateQueries');
      await patchSummariesOnChange(client, moved({ from: at('06') }));
      expect(get.mock.calls[0]![1]!.params).toMatchObject({ page: 2, have: '1,2' });
      expect(data().items.map((m) => m.id)).toEqual([9, 1]);
      expect(refetch).not.toHaveBeenCalled();
    });

    it('a row it holds goes to page 1: it asks the delta, the row from page 1 comes whole', async () => {
      const held = [row(1, { updated_at: at('08') }), row(4, { updated_at: at('07') })];
      const { client, data } = listed(held, PAGE_2, 30);
      const pushed = row(9, { updated_at: at('09') });
      get.mockResolvedValue(pageChanges([pushed], [9, 1], 30));
      const refetch = vi.spyOn(client, 'invalidateQueries');
      await patchSummariesOnChange(client, moved({ from: at('07') }));
      expect(data().items.map((m) => m.id)).toEqual([9, 1]);
      expect(refetch).not.toHaveBeenCalled();
    });

    it('a row that left a stage filter from a later page: same rows, one less in total', async () => {
      const query = { ...PAGE_2, stage: ['a_fazer'] };
      const { client, data } = listed(second(), query, 30);
      await patchSummariesOnChange(client, moved({ from: at('06') }));
      expect(get).not.toHaveBeenCalled();
      expect(data()).toEqual({ items: second(), total: 29 });
    });
  });

  it('prazo atrasadas: a held row concluded leaves it (the last page: it just goes)', async () => {
    const late = (id: number) => row(id, { atrasada: true });
    const query = { page: 1, perPage: 25, sort: 'titulo', prazo: 'atrasadas' as const };
    const { client, data } = listed([late(1), late(4)], query);
    await patchSummariesOnChange(client, moved({ stage: 'concluido', atrasada: false }));
    expect(get).not.toHaveBeenCalled();
    expect(data()).toEqual({ items: [late(1)], total: 1 });
    // Not held and not concluded: late before and after is `atrasada`; false: not listed.
    const other = listed([late(1), late(2)], query, 30);
    await patchSummariesOnChange(other.client, moved({ stage: 'em_andamento', atrasada: false }));
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
