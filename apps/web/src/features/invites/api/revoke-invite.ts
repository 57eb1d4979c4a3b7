import type { Invite } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { INVITES_KEY } from './get-invites.ts';

/** DELETE /invites/{id} — the link stops working at once. */
export function revokeInvite(invite: Invite): Promise<Invite> {
  return api.delete<Invite>(`/invites/${invite.id}`);
}

/** Removes the invitation from the pending list at once; restores it on failure. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onMutate: async (invite) => {
      await queryClient.cancelQueries({ queryKey: INVITES_KEY });
      const previous = queryClient.getQueriesData<Invite[]>({ queryKey: INVITES_KEY });
      queryClient.setQueryData<Invite[]>([...INVITES_KEY, 'pendente'], (list) =>
        list?.filter((i) => i.id !== invite.id),
      );
      return { previous };
    },
    onSuccess: (invite) => toastSuccess(`Convite para ${invite.email} revogado.`),
    onError: (error, _invite, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toastError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
}
