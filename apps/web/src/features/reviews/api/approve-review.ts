import type { Protocol } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { refreshAfterRefusal, removeOptimistically } from './decide-review.ts';

export interface ApproveInput {
  id: number;
  titulo?: string;
  comment?: string;
}

/** PATCH /eproto/reviews/{id}/approve -> the task, now concluída. */
export function approveReview({ id, comment }: ApproveInput): Promise<Protocol> {
  return api.patch<Protocol>(`/eproto/reviews/${id}/approve`, comment ? { comment } : {});
}

/** Approves with the item and the badge updated at once; both come back if it fails. */
export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveReview,
    onMutate: async (input) => ({ snapshot: await removeOptimistically(queryClient, input.id) }),
    onError: (error, input, context) => {
      void refreshAfterRefusal(queryClient, context?.snapshot);
      toastError(
        `Não foi possível aprovar ${input.titulo ? `"${input.titulo}"` : 'a tarefa'}. ${error.message}`,
      );
    },
    onSuccess: (task) => toastSuccess(`Tarefa "${task.titulo}" aprovada e concluída.`),
  });
}
