import type { UserList } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /users?search=&status=ativos — the active accounts a token can be made for. */
export function usePeopleOptions(search: string) {
  return useQuery({
    queryKey: ['integrations', 'people', search],
    queryFn: () =>
      api.get<UserList>('/users', { params: { search, status: 'ativos', perPage: 20 } }),
    select: (d) => d.items.map((u) => ({ value: String(u.id), label: `${u.nome} (${u.email})` })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
