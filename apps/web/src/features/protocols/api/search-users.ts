import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /eproto/users/search?q= — people for the responsável filter and pickers. */
export function searchUsers(q: string, signal?: AbortSignal) {
  return api.get<UserRef[]>('/eproto/users/search', { params: { q, limit: 20 }, signal });
}

export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['protocols', 'users', q],
    queryFn: ({ signal }) => searchUsers(q, signal),
    staleTime: 60_000,
  });
}
