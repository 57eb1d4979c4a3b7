import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export interface InviteInfo {
  email: string;
  role: string;
  nome: string | null;
}

/** GET /auth/invite?token= — the invitation's e-mail, role and suggested name. */
export function getInvite(token: string): Promise<InviteInfo> {
  return api.get<InviteInfo>('/auth/invite', { params: { token } });
}

export function useInviteInfo(token: string) {
  return useQuery({
    queryKey: ['auth', 'invite', token],
    queryFn: () => getInvite(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
