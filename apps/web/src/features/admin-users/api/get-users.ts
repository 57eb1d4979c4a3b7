import type { UserList, UserListQuery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const ADMIN_USERS_KEY = ['admin-users'] as const;

/** GET /users — searchable, paginated list for the /users screen. */
export function getUsers(query: UserListQuery): Promise<UserList> {
  return api.get<UserList>('/users', { params: { ...query } });
}

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, query],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });
}
