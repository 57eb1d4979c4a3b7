import type { UserContract } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { contractKeys } from './keys.ts';

/** DELETE /eproto/user-contracts/{id} (ti) */
export function unlinkUser(link: UserContract): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/eproto/user-contracts/${link.id}`);
}

/** Optimistic removal from the contract's people, put back with a toast on failure. */
export function useUnlinkUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkUser,
    onMutate: async (link) => {
      const key = contractKeys.links(link.contract_id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserContract[]>(key);
      queryClient.setQueryData<UserContract[]>(key, (list) =>
        list?.filter((l) => l.id !== link.id),
      );
      return { previous };
    },
    onSuccess: (_d, link) => toastSuccess(`${link.user.nome} desvinculado do contrato.`),
    onError: (error, link, context) => {
      queryClient.setQueryData(contractKeys.links(link.contract_id), context?.previous);
      toastError(error.message);
    },
    onSettled: async (_d, _e, link) => {
      await queryClient.invalidateQueries({ queryKey: contractKeys.links(link.contract_id) });
      await queryClient.invalidateQueries({ queryKey: contractKeys.lists });
    },
  });
}
