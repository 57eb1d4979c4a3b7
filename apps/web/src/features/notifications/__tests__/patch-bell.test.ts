import type { Notification, NotificationList } from '@eproto/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/api-client.ts', () => ({ api: { get: vi.fn() } }));

const { patchBellOnRead, readDataOf } = await import('../api/patch-bell.ts');
const { NOTIFICATIONS_KEY } = await import('../api/get-notifications.ts');

const READ_AT = '2026-11-30T02:00:00.000Z';
const item = (id: number, read_at: string | null = null) =>
  ({ id, read_at, texto: `Aviso ${id}` }) as Notification;

function bell(list: NotificationList) {
  const client = new QueryClient();
  client.setQueryData(NOTIFICATIONS_KEY, list);
  return { client, data: () => client.getQueryData<NotificationList>(NOTIFICATIONS_KEY)! };
}

describe('the bell patched from notification.read', () => {
  it('marks the one read and takes the unread count from the event, keeping the cursor', async () => {
    const { client, data } = bell({ items: [item(1), item(2)], unread: 5, cursor: 'c1' });
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchBellOnRead(client, {
      type: 'notification.read',
      data: { id: 2, read_at: READ_AT, unread: 4 },
    });
    expect(data().items.map((n) => n.read_at)).toEqual([null, READ_AT]);
    expect(data()).toMatchObject({ unread: 4, cursor: 'c1' });
    expect(refetch).not.toHaveBeenCalled();
  });

  it('marks every unread one read on "all", leaving read ones as they were', async () => {
    const earlier = '2026-11-29T10:00:00.000Z';
    const { client, data } = bell({ items: [item(1), item(2, earlier)], unread: 1 });
    await patchBellOnRead(client, {
      type: 'notification.read',
      data: { all: true, read_at: READ_AT, unread: 0 },
    });
    expect(data().items.map((n) => n.read_at)).toEqual([READ_AT, earlier]);
    expect(data().unread).toBe(0);
  });

  it('ignores a malformed payload (the change map reads the bell again instead)', async () => {
    expect(readDataOf(undefined)).toBeNull();
    expect(readDataOf({ id: 2, read_at: READ_AT })).toBeNull();
    expect(readDataOf({ read_at: READ_AT, unread: 1 })).toBeNull();
    expect(readDataOf({ id: 2, read_at: READ_AT, unread: -1 })).toBeNull();
    const { client, data } = bell({ items: [item(1)], unread: 1 });
    await patchBellOnRead(client, { type: 'notification.read', data: { id: 1 } });
    expect(data()).toEqual({ items: [item(1)], unread: 1 });
  });
});
