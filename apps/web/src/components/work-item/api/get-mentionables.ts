import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { threadKeys } from '../work-item-ref.ts';

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
