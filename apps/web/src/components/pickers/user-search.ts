import type { UserRef } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api-client.ts';

/**
 * GET /eproto/users/search?q=&contract_id= — active people by name or e-mail for the office
 * forms (demands, protocols, contracts): every role may ask, a contract's people only when the
 * caller sees it. Kept apart from /tatico/pessoas, which only the agenda's roles read.
 */
export function useUserSearch(
  q: string,
  { contractId, enabled = true }: { contractId?: number; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ['users-search', q, contractId ?? null],
    queryFn: ({ signal }) =>
      api.get<UserRef[]>('/eproto/users/search', {
        params: { q, contract_id: contractId, limit: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
