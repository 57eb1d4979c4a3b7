import type { Invite } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { INVITES_KEY } from './get-invites.ts';

/** POST /invites/{id}/resend — a new 7-day link; the previous one stops working. */
export function resendInvite(invite: Invite): Promise<Invite> {
  return api.post<Invite>(`/invites/${invite.id}/resend`);
}

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: (invite) => toastSuccess(`Convite reenviado para ${invite.email}.`),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
}
