import type { AssistantConversation } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { assistantKeys } from './assistant-keys.ts';

interface Rename {
  id: number;
  titulo: string;
}

/** PATCH /ai/conversations/{id} {titulo} */
export function renameConversation({ id, titulo }: Rename): Promise<AssistantConversation> {
  return api.patch<AssistantConversation>(`/ai/conversations/${id}`, { titulo });
}

/** Renames at once in the list; the old name comes back with a toast on failure. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onMutate: async ({ id, titulo }) => {
      await queryClient.cancelQueries({ queryKey: assistantKeys.conversations });
      const before = queryClient.getQueryData<AssistantConversation[]>(assistantKeys.conversations);
      queryClient.setQueryData<AssistantConversation[]>(assistantKeys.conversations, (list) =>
        list?.map((c) => (c.id === id ? { ...c, titulo } : c)),
      );
      return { before };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(assistantKeys.conversations, context?.before);
      toastError(error instanceof Error ? error.message : 'Não foi possível renomear a conversa.');
    },
    onSuccess: () => toastSuccess('Conversa renomeada.'),
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: assistantKeys.conversation(id) });
    },
  });
}
