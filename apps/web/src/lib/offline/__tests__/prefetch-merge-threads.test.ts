import { SYNC_CURSOR_OVERLAP_MS } from '@eproto/domain';
import { describe, expect, it, vi } from 'vitest';

import {
  fetchNewestPage,
  fetchSyncedThread,
  mergeNewestPage,
  threadCursor,
} from '../prefetch-merge.ts';

interface Message {
  id: number;
  texto: string;
  mentions: number[];
  created_at: string;
  updated_at?: string;
}
const msg = (id: number, at: string, extra: Partial<Message> = {}): Message => ({
  id,
  texto: `m${id}`,
  mentions: [],
  created_at: `2026-11-26T${at}:00.000Z`,
  ...extra,
});

describe('threadCursor / fetchSyncedThread (demand, task and OS threads)', () => {
  const kept = [
    msg(1, '08:00'),
    msg(2, '09:00', { updated_at: '2026-11-26T11:00:00.000Z' }),
    msg(3, '10:00'),
  ];

  it('the cursor is the newest kept change less the overlap; nothing kept, no cursor', () => {
    expect(threadCursor(kept)).toBe(
      new Date(Date.parse('2026-11-26T11:00:00.000Z') - SYNC_CURSOR_OVERLAP_MS).toISOString(),
    );
    expect(threadCursor([])).toBeUndefined();
    expect(threadCursor(undefined)).toBeUndefined();
  });

  it('the first fetch asks for the whole thread and keeps it as answered', async () => {
    const fetch = vi.fn().mockResolvedValue(kept);
    expect(await fetchSyncedThread(undefined, fetch)).toBe(kept);
    expect(fetch).toHaveBeenCalledWith(undefined);
  });

  it('later fetches ask since the cursor and merge: changed by id, new ones in order', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue([
        msg(2, '09:00', { mentions: [7], updated_at: '2026-11-26T12:00:00.000Z' }),
        msg(5, '12:30'),
        msg(4, '12:30'),
      ]);
    const merged = await fetchSyncedThread(kept, fetch);
    expect(fetch).toHaveBeenCalledWith(threadCursor(kept));
    expect(merged.map((m) => [m.id, m.mentions])).toEqual([
      [1, []],
      [2, [7]],
      [3, []],
      [4, []],
      [5, []],
    ]);
  });

  it('an empty answer keeps the thread as it was', async () => {
    const merged = await fetchSyncedThread(kept, () => Promise.resolve([]));
    expect(merged).toEqual(kept);
  });
});

interface Chat {
  id: number;
  content: string;
  readAt: string | null;
}
const chat = (id: number, readAt: string | null = null): Chat => ({
  id,
  content: `c${id}`,
  readAt,
});

interface Page {
  items: Chat[];
  hasMore: boolean;
  cursor?: string;
  partial?: boolean;
}

describe('mergeNewestPage / fetchNewestPage (chat conversations)', () => {
  const kept: Page = { items: [chat(10), chat(11), chat(-1)], hasMore: true, cursor: 'c1' };

  it('merges a partial answer by id, oldest first, keeping hasMore, dropping temporary ids', () => {
    const merged = mergeNewestPage(kept, {
      items: [chat(11, '2026-11-26T12:00:00Z'), chat(12)],
      hasMore: false,
      cursor: 'c2',
      partial: true,
    });
    expect(merged).toEqual({
      items: [chat(10), chat(11, '2026-11-26T12:00:00Z'), chat(12)],
      hasMore: true,
      cursor: 'c2',
    });
  });

  it('a whole page (more changed than a page) replaces the kept one', () => {
    const whole: Page = { items: [chat(20), chat(21)], hasMore: true, cursor: 'c3' };
    expect(mergeNewestPage(kept, whole)).toBe(whole);
  });

  it('asks with the kept cursor; nothing kept (or no cursor) asks for the whole page', async () => {
    const fetch = vi.fn().mockResolvedValue({ items: [], hasMore: false, partial: true });
    await fetchNewestPage(kept, fetch);
    expect(fetch).toHaveBeenLastCalledWith('c1');
    const whole: Page = { items: [chat(1)], hasMore: false, cursor: 'c9' };
    const fresh = vi.fn().mockResolvedValue(whole);
    expect(await fetchNewestPage(undefined, fresh)).toBe(whole);
    expect(fresh).toHaveBeenLastCalledWith(undefined);
    await fetchNewestPage({ items: [chat(1)], hasMore: false }, fresh);
    expect(fresh).toHaveBeenLastCalledWith(undefined);
  });
});
