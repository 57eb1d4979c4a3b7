import type { WorkItemMessage } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/**
 * POST {base}/{id}/messages/{messageId}/mentions {user_id} — adds someone
 * who was written with "@" as participant of the demand and notifies them of the message.
 */
export function mentionParticipant(item: WorkItemRef, messageId: number, userId: number) {
  return api.post<WorkItemMessage>(threadPath(item, `messages/${messageId}/mentions`), {
    user_id: userId,
  });
}

export function useMentionParticipant(item: WorkItemRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { messageId: number; userId: number; nome: string }) =>
      mentionParticipant(item, v.messageId, v.userId),
    onSuccess: (_m, v) =>
      toastSuccess(`${v.nome} agora participa da ${item.noun} e recebeu o aviso.`),
    onError: (error) => toastError(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: threadKeys.part(item, 'messages') });
      if (item.muralId === null) return;
      await queryClient.invalidateQueries({ queryKey: threadKeys.mentionables(item.muralId) });
      await queryClient.invalidateQueries({ queryKey: threadKeys.participants(item.muralId) });
    },
  });
}
