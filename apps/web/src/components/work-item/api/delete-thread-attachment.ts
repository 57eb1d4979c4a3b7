import type { WorkItemAttachment } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** DELETE {base}/{id}/attachments/{attId} with body {reason} (kept in history). */
export function deleteThreadAttachment(item: WorkItemRef, attachmentId: number, reason: string) {
  return api.delete<{ ok: true }>(threadPath(item, `attachments/${attachmentId}`), { reason });
}

export function useDeleteThreadAttachment(item: WorkItemRef) {
  const queryClient = useQueryClient();
  const key = threadKeys.part(item, 'attachments');
  return useMutation({
    mutationFn: (v: { attachmentId: number; reason: string }) =>
      deleteThreadAttachment(item, v.attachmentId, v.reason),
    onMutate: async ({ attachmentId }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<WorkItemAttachment[]>(key);
      queryClient.setQueryData<WorkItemAttachment[]>(key, (list) =>
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
      await queryClient.invalidateQueries({ queryKey: threadKeys.part(item, 'history') });
    },
  });
}
