import type { InviteOutbox } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { INVITES_KEY } from './get-invites.ts';

/** GET /invites/outbox — invitation e-mails kept while SMTP is not configured (ti only). */
export function getInviteOutbox(): Promise<InviteOutbox> {
  return api.get<InviteOutbox>('/invites/outbox');
}

export function useInviteOutbox(enabled: boolean) {
  return useQuery({ queryKey: [...INVITES_KEY, 'outbox'], queryFn: getInviteOutbox, enabled });
}
