import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/murals/{id}/mentionables — people who can see the task's demand. */
export function getMentionables(muralId: number, signal?: AbortSignal) {
  return api.get<UserRef[]>(`/eproto/murals/${muralId}/mentionables`, { signal });
}

export function useMentionables(muralId: number | undefined) {
  return useQuery({
    queryKey: protocolKeys.mentionables(muralId ?? 0),
    queryFn: ({ signal }) => getMentionables(muralId!, signal),
    enabled: !!muralId,
    staleTime: 60_000,
  });
}
