import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/mentionables — people who can see the demand. */
export function getMentionables(id: number): Promise<UserRef[]> {
  return api.get<UserRef[]>(`/eproto/murals/${id}/mentionables`);
}

export function useMentionables(id: number) {
  return useQuery({
    queryKey: muralKeys.mentionables(id),
    queryFn: () => getMentionables(id),
    staleTime: 5 * 60_000,
  });
}
