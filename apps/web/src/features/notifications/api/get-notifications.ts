import type { NotificationList } from '@eproto/domain';
import { NOTIFICATION_DROPDOWN_LIMIT, POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const NOTIFICATIONS_KEY = ['notifications', 'latest'] as const;

const EMPTY: NotificationList = { items: [], unread: 0 };

/** GET /eproto/notifications?limit=20. A failure is logged and reads as an empty list (SPEC §8). */
export async function getNotifications(): Promise<NotificationList> {
  try {
    const data = await api.get<NotificationList>('/eproto/notifications', {
      params: { limit: NOTIFICATION_DROPDOWN_LIMIT },
    });
    return {
      items: Array.isArray(data?.items) ? data.items.slice(0, NOTIFICATION_DROPDOWN_LIMIT) : [],
      unread: typeof data?.unread === 'number' ? data.unread : 0,
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
    queryFn: getNotifications,
    refetchInterval: dropdownOpen ? false : POLL.notificationsMs,
    staleTime: 10_000,
  });
}
