import type { AssistantConversation } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { assistantKeys } from './assistant-keys.ts';

/** DELETE /ai/conversations/{id} */
export function deleteConversation(id: number): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/ai/conversations/${id}`);
}

/** Removes it from the list at once; it comes back with a toast on failure. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: assistantKeys.conversations });
      const before = queryClient.getQueryData<AssistantConversation[]>(assistantKeys.conversations);
      queryClient.setQueryData<AssistantConversation[]>(assistantKeys.conversations, (list) =>
        list?.filter((c) => c.id !== id),
      );
      return { before };
    },
    onError: (error, _id, context) => {
      queryClient.setQueryData(assistantKeys.conversations, context?.before);
      toastError(error instanceof Error ? error.message : 'Não foi possível excluir a conversa.');
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: assistantKeys.conversation(id) });
      toastSuccess('Conversa excluída.');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assistantKeys.conversations }),
  });
}
