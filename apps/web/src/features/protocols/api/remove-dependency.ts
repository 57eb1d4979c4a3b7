import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

/** DELETE /eproto/protocols/{id}/dependencies/{depId} */
export function removeDependency(id: number, depId: number) {
  return api.delete<{ ok: true }>(`/eproto/protocols/${id}/dependencies/${depId}`);
}

/** The links of both tasks are refreshed by the write's X-Changes, not here. */
export function useRemoveDependency(id: number) {
  return useMutation({
    mutationFn: (depId: number) => removeDependency(id, depId),
    onSuccess: () => toastSuccess('Dependência removida.'),
    onError: (error) => toastError(error.message),
  });
}
