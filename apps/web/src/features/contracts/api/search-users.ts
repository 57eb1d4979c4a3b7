import type { UserRef } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/** GET /eproto/users/search?q= — active people by name or e-mail. */
export function searchUsers(q: string): Promise<UserRef[]> {
  return api.get<UserRef[]>('/eproto/users/search', { params: { q, limit: 20 } });
}

export function useUserSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: contractKeys.users(q),
    queryFn: () => searchUsers(q),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
