import type { ActivityList, ActivityQuery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const ACTIVITY_KEY = ['activity'] as const;

/** GET /activity — sign-ins, failures, sign-outs and writes, newest first (ti only). */
export function getActivity(query: ActivityQuery): Promise<ActivityList> {
  return api.get<ActivityList>('/activity', { params: { ...query } });
}

export function useActivity(query: ActivityQuery) {
  return useQuery({
    queryKey: [...ACTIVITY_KEY, query],
    queryFn: () => getActivity(query),
    placeholderData: keepPreviousData,
  });
}
