import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** GET /eproto/murals/{id}/mentionables — people who can see the demand (and its tasks). */
export function getMentionables(muralId: number, signal?: AbortSignal): Promise<UserRef[]> {
  return api.get<UserRef[]>(`/eproto/murals/${muralId}/mentionables`, { signal });
}

export function useMentionables(muralId: number | undefined) {
  return useQuery({
    queryKey: threadKeys.mentionables(muralId ?? 0),
    queryFn: ({ signal }) => getMentionables(muralId!, signal),
    enabled: !!muralId,
    staleTime: 60_000,
  });
}

/** People who can be mentioned in a thread: its demand's, or the item's own (an OS). */
export function useThreadMentionables(item: WorkItemRef) {
  const own = item.muralId === null;
  const ofDemand = useMentionables(item.muralId ?? undefined);
  const ofItem = useQuery({
    queryKey: threadKeys.part(item, 'mentionables'),
    queryFn: ({ signal }) => api.get<UserRef[]>(threadPath(item, 'mentionables'), { signal }),
    enabled: own,
    staleTime: 60_000,
  });
  return own ? ofItem : ofDemand;
}
