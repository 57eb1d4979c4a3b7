import type { CurrentUser } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** POST /auth/accept-invite — creates the account and signs the person in. */
export function acceptInvite(body: {
  token: string;
  nome: string;
  password: string;
}): Promise<{ user?: CurrentUser | null } | null> {
  return api.post<{ user?: CurrentUser | null } | null>('/auth/accept-invite', body);
}

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
