import type { UserContract } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { contractKeys } from './keys.ts';

/** POST /eproto/user-contracts {user_id, contract_id} (ti) */
export function linkUser(body: { user_id: number; contract_id: number }): Promise<UserContract> {
  return api.post<UserContract>('/eproto/user-contracts', body);
}

export function useLinkUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUser,
    onSuccess: (link) => toastSuccess(`${link.user.nome} vinculado ao contrato.`),
    onError: (error) => toastError(error.message),
    onSettled: async (_d, _e, { contract_id }) => {
      await queryClient.invalidateQueries({ queryKey: contractKeys.links(contract_id) });
      await queryClient.invalidateQueries({ queryKey: contractKeys.lists });
    },
  });
}
