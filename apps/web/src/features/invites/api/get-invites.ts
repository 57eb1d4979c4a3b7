import type { Invite } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const INVITES_KEY = ['invites'] as const;
export type InviteListFilter = 'pendente' | 'todos';

/** GET /invites?status=pendente|todos */
export async function getInvites(status: InviteListFilter): Promise<Invite[]> {
  const data = await api.get<{ items: Invite[] }>('/invites', { params: { status } });
  return data.items;
}

export function useInvites(status: InviteListFilter) {
  return useQuery({ queryKey: [...INVITES_KEY, status], queryFn: () => getInvites(status) });
}
