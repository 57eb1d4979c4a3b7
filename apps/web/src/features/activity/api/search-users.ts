import type { UserList } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /users?search= — people for the activity page's user filter. */
export async function searchUsers(search: string) {
  const data = await api.get<UserList>('/users', { params: { search, perPage: 20 } });
  return data.items.map((u) => ({ value: String(u.id), label: `${u.nome} (${u.email})` }));
}

export function useUserOptions(search: string) {
  return useQuery({
    queryKey: ['activity-user-options', search],
    queryFn: () => searchUsers(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
