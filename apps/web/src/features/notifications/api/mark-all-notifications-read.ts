import type { NotificationList } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

/** PATCH /eproto/notifications/read-all */
export function markAllNotificationsRead(): Promise<unknown> {
  return api.patch('/eproto/notifications/read-all');
}

/** Marks all read at once; the answer's X-Changes patches the bells (patch-bell.ts), no read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<NotificationList>(NOTIFICATIONS_KEY);
      if (previous) {
        const now = new Date().toISOString();
        queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, {
          ...previous,
          items: previous.items.map((n) => (n.read_at ? n : { ...n, read_at: now })),
          unread: 0,
        });
      }
      return { previous };
    },
    onError: (error, _v, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      toastError(error instanceof Error ? error.message : 'Não foi possível marcar os avisos.');
    },
  });
}
