import type { Protocol } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** The side-menu badge's cache (features/reviews polls it; the key is the contract). */
const REVIEW_COUNT_KEY = ['reviews', 'count'] as const;

export interface DecisionInput {
  decision: 'approve' | 'reject';
  comment?: string;
}

/** PATCH /eproto/reviews/{id}/approve | /reject {comment} */
export function decideReview(id: number, { decision, comment }: DecisionInput) {
  return api.patch<Protocol>(`/eproto/reviews/${id}/${decision}`, comment ? { comment } : {});
}

/**
 * Approve or reject from the task page; the menu badge drops at once and comes back on error.
 * The review queue, the badge and the task's lists are refreshed by the write's X-Changes
 * ('protocol.changed', 'reviews.changed'), not here.
 */
export function useDecideReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => decideReview(id, input),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: REVIEW_COUNT_KEY });
      const before = queryClient.getQueryData<number>(REVIEW_COUNT_KEY);
      if (typeof before === 'number')
        queryClient.setQueryData(REVIEW_COUNT_KEY, Math.max(0, before - 1));
      return { before };
    },
    onError: (error, _input, context) => {
      if (typeof context?.before === 'number')
        queryClient.setQueryData(REVIEW_COUNT_KEY, context.before);
      toastError(error.message);
    },
    onSuccess: (task, input) => {
      queryClient.setQueryData(protocolKeys.detail(id), task);
      toastSuccess(
        input.decision === 'approve'
          ? `Tarefa "${task.titulo}" aprovada e concluída.`
          : `Tarefa "${task.titulo}" devolvida para ajustes.`,
      );
    },
  });
}
