import type { NotificationList } from '@eproto/domain';
import { NOTIFICATION_DROPDOWN_LIMIT, POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchSyncedPage } from '../../../lib/offline/prefetch-merge.ts';

export const NOTIFICATIONS_KEY = ['notifications', 'latest'] as const;

const EMPTY: NotificationList = { items: [], unread: 0 };

/**
 * GET /eproto/notifications?limit=20. With the kept list, only what was created or read since
 * its cursor is asked and merged. A failure is logged and reads as an empty list (SPEC §8).
 */
export async function getNotifications(kept?: NotificationList): Promise<NotificationList> {
  try {
    const data = await fetchSyncedPage(kept, (updated_since) =>
      api.get<NotificationList>('/eproto/notifications', {
        params: { limit: NOTIFICATION_DROPDOWN_LIMIT, updated_since },
      }),
    );
    return {
      items: Array.isArray(data?.items) ? data.items.slice(0, NOTIFICATION_DROPDOWN_LIMIT) : [],
      unread: typeof data?.unread === 'number' ? data.unread : 0,
      cursor: data?.cursor,
    };
  } catch (error) {
    console.error('Falha ao carregar avisos', error);
    return EMPTY;
  }
}

/** Latest notifications; polled every 60 s while the dropdown is closed. */
export function useNotifications({ dropdownOpen }: { dropdownOpen: boolean }) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ client }) => getNotifications(client.getQueryData(NOTIFICATIONS_KEY)),
    refetchInterval: dropdownOpen ? false : POLL.notificationsMs,
    staleTime: 10_000,
  });
}
