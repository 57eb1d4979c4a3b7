import type { CalendarFeedCreated, CalendarFeedStatus } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

export const CALENDAR_FEED_KEY = ['profile', 'calendario'] as const;

/** GET /profile/calendario — whether the person has a feed link, since when, last used. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: CALENDAR_FEED_KEY,
    queryFn: () => api.get<CalendarFeedStatus>('/profile/calendario'),
  });
}

/** POST /profile/calendario — a new secret link (the answer is the only time it is shown). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>('/profile/calendario'),
    onSuccess: (created) => queryClient.setQueryData(CALENDAR_FEED_KEY, created),
    onError: (error) => toastError(error.message),
  });
}

/** DELETE /profile/calendario — the link stops working at once. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<CalendarFeedStatus>('/profile/calendario'),
    onSuccess: (status) => {
      queryClient.setQueryData(CALENDAR_FEED_KEY, status);
      toastSuccess('Link revogado: as agendas que o assinavam param de receber atualizações.');
    },
    onError: (error) => toastError(error.message),
  });
}
