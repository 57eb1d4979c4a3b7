import type { UserRef } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { lookupKeys } from './keys.ts';

/** GET /eproto/users/search?q=&contract_id=&limit= — active people by name or e-mail. */
export function searchUsers(q: string, contractId?: number): Promise<UserRef[]> {
  return api.get<UserRef[]>('/eproto/users/search', {
    params: { q, contract_id: contractId, limit: 20 },
  });
}

export function useUserSearch(q: string, contractId?: number, enabled = true) {
  return useQuery({
    queryKey: lookupKeys.users(q, contractId),
    queryFn: () => searchUsers(q, contractId),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
