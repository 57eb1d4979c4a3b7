import type { Protocol } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { refreshAfterRefusal, removeOptimistically } from './decide-review.ts';

export interface RejectInput {
  id: number;
  comment: string;
  titulo?: string;
}

/** PATCH /eproto/reviews/{id}/reject {comment} -> the task, back in Em andamento. */
export function rejectReview({ id, comment }: RejectInput): Promise<Protocol> {
  return api.patch<Protocol>(`/eproto/reviews/${id}/reject`, { comment });
}

export function useRejectReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReview,
    onMutate: async (input) => ({ snapshot: await removeOptimistically(queryClient, input.id) }),
    onError: (error, input, context) => {
      void refreshAfterRefusal(queryClient, context?.snapshot);
      toastError(
        `Não foi possível rejeitar ${input.titulo ? `"${input.titulo}"` : 'a tarefa'}. ${error.message}`,
      );
    },
    onSuccess: (task) => toastSuccess(`Tarefa "${task.titulo}" devolvida para ajustes.`),
  });
}
