import type { NotificationList } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** PATCH /eproto/notifications/{id}/read */
export function markNotificationRead(id: number): Promise<unknown> {
  return api.patch(`/eproto/notifications/${id}/read`);
}

/**
 * Marks one notification read, updating the bell at once and rolling back on failure. Nothing
 * is read again: the answer's X-Changes ('notification.read') carries the read_at and unread
 * count every bell of the person patches in (patch-bell.ts).
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<NotificationList>(NOTIFICATIONS_KEY);
      if (previous) {
        const target = previous.items.find((n) => n.id === id);
        const wasUnread = target !== undefined && target.read_at === null;
        queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, {
          ...previous,
          items: previous.items.map((n) =>
            n.id === id && n.read_at === null ? { ...n, read_at: new Date().toISOString() } : n,
          ),
          unread: Math.max(0, previous.unread - (wasUnread ? 1 : 0)),
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
    },
  });
}
