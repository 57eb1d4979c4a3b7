import type { FeedItem } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, type ApiGet } from '../../../test/on-screen.ts';
import type { FeedPages } from '../api/get-feed-changes.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchFeedOnChange } = await import('../api/get-feed-changes.ts');
const { planningKeys } = await import('../api/keys.ts');

const C1 = '2026-11-30T01:00:00.000Z';
const C2 = '2026-11-30T01:05:00.000Z';
const event = (key: string, minute: number) =>
  ({ key, created_at: `2026-11-30T01:${String(minute).padStart(2, '0')}:00.000Z` }) as FeedItem;

/** The feed on screen: two loaded pages, the first with its cursor. */
const feedOnScreen = (cursor: string | null = C1) =>
  onScreen<FeedPages>(planningKeys.feed, {
    pages: [
      {
        items: [event('mural-3', 2), event('task-2', 1)],
        next_cursor: 'p2',
        ...(cursor && { cursor }),
      },
      { items: [event('mural-1', 0)], next_cursor: null },
    ],
    pageParams: [null, 'p2'],
  });

const moved = { type: 'mural.changed' as const, id: 3, version: C2 };

afterEach(() => vi.clearAllMocks());

describe('patchFeedOnChange', () => {
  it('asks what came since its cursor and prepends it once, keeping the new cursor', async () => {
    const { client, data } = feedOnScreen();
    get.mockResolvedValue({
      items: [event('task-9', 4), event('mural-3', 2)],
      next_cursor: null,
      cursor: C2,
    });
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchFeedOnChange(client, moved);
    expect(get).toHaveBeenCalledWith('/eproto/feed', {
      params: { perPage: 30, updated_since: C1 },
    });
    expect(data().pages[0]!.items.map((i) => i.key)).toEqual(['task-9', 'mural-3', 'task-2']);
    expect(data().pages[0]!.cursor).toBe(C2);
    expect(data().pages[1]!.items.map((i) => i.key)).toEqual(['mural-1']);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('reads the feed again when more than a page came, or it has no cursor', async () => {
    const many = feedOnScreen();
    get.mockResolvedValue({ items: [event('task-9', 4)], next_cursor: 'x', cursor: C2 });
    const again = vi.spyOn(many.client, 'invalidateQueries').mockResolvedValue();
    await patchFeedOnChange(many.client, moved);
    expect(again).toHaveBeenCalledWith({ queryKey: planningKeys.feed, exact: true });

    get.mockClear();
    const old = feedOnScreen(null);
    const whole = vi.spyOn(old.client, 'invalidateQueries').mockResolvedValue();
    await patchFeedOnChange(old.client, moved);
    expect(get).not.toHaveBeenCalled();
    expect(whole).toHaveBeenCalledWith({ queryKey: planningKeys.feed, exact: true });
  });

  it('reads the feed again when the ask fails (a refused cursor: 400)', async () => {
    const { client } = feedOnScreen();
    get.mockRejectedValue(new Error('Informe "updated_since" como data e hora com fuso.'));
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchFeedOnChange(client, moved);
    expect(refetch).toHaveBeenCalledWith({ queryKey: planningKeys.feed, exact: true });
  });

  it("asks nothing for the demand's part 'tasks' (its 'protocol.changed' asks)", async () => {
    const { client } = feedOnScreen();
    await patchFeedOnChange(client, { ...moved, data: { part: 'tasks' } });
    expect(get).not.toHaveBeenCalled();
  });
});
