import type { Notification, NotificationList } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

// The merge's module, counted when it is first evaluated: the bell must not bring it to a
// fresh tab's first paint (issue 33).
let mergeLoads = 0;
vi.mock('../../../lib/offline/prefetch-merge.ts', async (original) => {
  mergeLoads += 1;
  return original();
});

const { getNotifications } = await import('../api/get-notifications.ts');

const item = (id: number, texto = `Aviso ${id}`) => ({ id, read_at: null, texto }) as Notification;

afterEach(() => get.mockReset());

describe('getNotifications', () => {
  it('fetches the whole page without a kept list, without loading the merge', async () => {
    get.mockResolvedValueOnce({ items: [item(1)], unread: 1, cursor: 'c1' });
    expect(await getNotifications()).toEqual({ items: [item(1)], unread: 1, cursor: 'c1' });
    expect(get).toHaveBeenCalledWith('/eproto/notifications', {
      params: { limit: 20, updated_since: undefined },
    });
    expect(mergeLoads).toBe(0);
  });

  it('asks only what changed since the kept cursor and merges it into the kept page', async () => {
    const kept: NotificationList = { items: [item(2), item(1)], unread: 2, cursor: 'c1' };
    get.mockResolvedValueOnce({ items: [item(1, 'lido')], ids: [2, 1], unread: 1, cursor: 'c2' });
    expect(await getNotifications(kept)).toEqual({
      items: [item(2), item(1, 'lido')],
      unread: 1,
      cursor: 'c2',
    });
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![1]).toEqual({ params: { limit: 20, updated_since: 'c1' } });
    expect(mergeLoads).toBe(1);
  });

  it('asks the whole page again when a row of the page is neither changed nor kept', async () => {
    const kept: NotificationList = { items: [item(1)], unread: 0, cursor: 'c1' };
    get
      .mockResolvedValueOnce({ items: [], ids: [3, 1], unread: 1, cursor: 'c2' })
      .mockResolvedValueOnce({ items: [item(3), item(1)], unread: 1, cursor: 'c2' });
    expect((await getNotifications(kept)).items).toEqual([item(3), item(1)]);
    expect(get.mock.calls[1]![1]).toEqual({ params: { limit: 20, updated_since: undefined } });
  });
});
