import type { NotificationList, NotificationReadData, RealtimeChange } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** The data of a 'notification.read' push, read by hand (no zod on this path); null if malformed. */
export function readDataOf(data: Record<string, unknown> | undefined): NotificationReadData | null {
  if (!data) return null;
  const { id, all, read_at: readAt, unread } = data;
  if (typeof readAt !== 'string' || typeof unread !== 'number' || unread < 0) return null;
  if (all === true) return { all: true, read_at: readAt, unread };
  if (typeof id === 'number') return { id, read_at: readAt, unread };
  return null;
}

/** The bell with a read applied: the items marked read, the unread count from the event. */
export function withRead(list: NotificationList, read: NotificationReadData): NotificationList {
  return {
    ...list,
    items: list.items.map((n) =>
      n.read_at === null && (read.all === true || n.id === read.id)
        ? { ...n, read_at: read.read_at }
        : n,
    ),
    unread: read.unread,
  };
}

/**
 * A notification read in some tab ('notification.read' with NotificationReadData): every bell
 * of the person marks it read and shows the unread count the event carries, with no read.
 */
export function patchBellOnRead(queryClient: QueryClient, change: RealtimeChange): Promise<void> {
  const read = readDataOf(change.data);
  if (read) {
    queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (list) =>
      list ? withRead(list, read) : list,
    );
  }
  return Promise.resolve();
}
