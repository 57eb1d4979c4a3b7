import type { NotificationList } from '@eproto/domain';
import { NOTIFICATION_DROPDOWN_LIMIT, POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const NOTIFICATIONS_KEY = ['notifications', 'latest'] as const;

const EMPTY: NotificationList = { items: [], unread: 0 };

const fetchPage = (updated_since: string | undefined) =>
  api.get<NotificationList>('/eproto/notifications', {
    params: { limit: NOTIFICATION_DROPDOWN_LIMIT, updated_since },
  });

/**
 * The bell's page as fetchSyncedPage does it: whole without a kept list; with one, only what
 * changed since its cursor, merged (a second, whole request when the merge cannot complete the
 * page). The merge's code is imported beside that request, not with the top bar every route
 * paints (issue 33): a fresh tab has no kept list and never loads it.
 */
async function fetchNotifications(kept: NotificationList | undefined): Promise<NotificationList> {
  const since = kept?.cursor;
  if (!kept || !since) return fetchPage(undefined);
  const [answer, { mergeSyncedPage }] = await Promise.all([
    fetchPage(since),
    import('../../../lib/offline/prefetch-merge.ts'),
  ]);
  return mergeSyncedPage(kept, answer) ?? fetchPage(undefined);
}

/**
 * GET /eproto/notifications?limit=20. With the kept list, only what was created or read since
 * its cursor is asked and merged. A failure is logged and reads as an empty list (SPEC §8).
 */
export async function getNotifications(kept?: NotificationList): Promise<NotificationList> {
  try {
    const data = await fetchNotifications(kept);
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
