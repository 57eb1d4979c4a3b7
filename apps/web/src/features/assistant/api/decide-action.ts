import type {
  AssistantActionBody,
  AssistantActionResponse,
  AssistantConversationDetail,
} from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { assistantKeys } from './assistant-keys.ts';

interface Decide extends AssistantActionBody {
  messageId: number;
  conversationId: number;
}

/** POST /ai/messages/{id}/action {decision}: the server acts (as the user) only on "confirmar". */
export function decideAction({ messageId, decision }: Decide): Promise<AssistantActionResponse> {
  return api.post<AssistantActionResponse>(`/ai/messages/${messageId}/action`, { decision });
}

/** Confirms or cancels a proposed action; the card and the result land in the conversation. */
export function useDecideAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAction,
    onSuccess: (res, { conversationId, decision }) => {
      queryClient.setQueryData<AssistantConversationDetail>(
        assistantKeys.conversation(conversationId),
        (detail) =>
          detail && {
            ...detail,
            messages: [
              ...detail.messages.map((m) => (m.id === res.message.id ? res.message : m)),
              ...(res.result ? [res.result] : []),
            ],
          },
      );
      if (decision === 'cancelar') toastSuccess('Ação cancelada.');
      else if (res.message.action?.status === 'confirmada') toastSuccess('Ação executada.');
      else toastError(res.message.action?.resultado ?? 'Não foi possível executar a ação.');
    },
    onError: (error) =>
      toastError(error instanceof Error ? error.message : 'Não foi possível concluir a ação.'),
    onSettled: (_d, _e, { conversationId }) =>
      queryClient.invalidateQueries({ queryKey: assistantKeys.conversation(conversationId) }),
  });
}
