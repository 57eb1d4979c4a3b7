import type { CreateInviteBody, Invite } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { INVITES_KEY } from './get-invites.ts';

/** POST /invites {email, nome?, role, contractIds} — e-mails a 7-day link to /accept-invite. */
export function createInvite(body: CreateInviteBody): Promise<Invite> {
  return api.post<Invite>('/invites', body);
}

/** Errors stay with the form (field messages); success toasts and refreshes the list. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: (invite) => toastSuccess(`Convite enviado para ${invite.email}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
}
