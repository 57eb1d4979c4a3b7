import type { MuralAttachment } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

/** DELETE /eproto/murals/{id}/attachments/{attId} with body {reason} (kept in history). */
export function deleteMuralAttachment({
  muralId,
  attachmentId,
  reason,
}: {
  muralId: number;
  attachmentId: number;
  reason: string;
}): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/eproto/murals/${muralId}/attachments/${attachmentId}`, {
    reason,
  });
}

export function useDeleteMuralAttachment(muralId: number) {
  const queryClient = useQueryClient();
  const key = muralKeys.attachments(muralId);
  return useMutation({
    mutationFn: deleteMuralAttachment,
    onMutate: async ({ attachmentId }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<MuralAttachment[]>(key);
      queryClient.setQueryData<MuralAttachment[]>(key, (list) =>
        list?.filter((a) => a.id !== attachmentId),
      );
      return { previous };
    },
    onSuccess: () => toastSuccess('Anexo excluído. O motivo ficou no histórico.'),
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
      toastError(error.message);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: muralKeys.history(muralId) });
    },
  });
}
