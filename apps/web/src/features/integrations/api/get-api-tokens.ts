import type { ApiTokenList } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const API_TOKENS_KEY = ['integrations', 'tokens'] as const;

/** Tokens a page of the list holds. */
export const API_TOKENS_PER_PAGE = 20;

/** GET /integrations/tokens — every personal API token, newest first, with status and last use. */
export function useApiTokens(page: number) {
  return useQuery({
    queryKey: [...API_TOKENS_KEY, page],
    queryFn: () =>
      api.get<ApiTokenList>('/integrations/tokens', {
        params: { page, perPage: API_TOKENS_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}
