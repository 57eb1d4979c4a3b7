import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** DELETE /eproto/protocols/{id}/dependencies/{depId} */
export function removeDependency(id: number, depId: number) {
  return api.delete<{ ok: true }>(`/eproto/protocols/${id}/dependencies/${depId}`);
}

export function useRemoveDependency(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (depId: number) => removeDependency(id, depId),
    onSuccess: async () => {
      toastSuccess('Dependência removida.');
      await queryClient.invalidateQueries({ queryKey: protocolKeys.all });
    },
    onError: (error) => toastError(error.message),
  });
}
