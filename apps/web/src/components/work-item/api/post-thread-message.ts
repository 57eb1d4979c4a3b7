import type { MessageBody, WorkItemMessage, WorkItemMessagePosted } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/**
 * POST /eproto/{murals|protocols}/{id}/messages {texto, mentions} — mentioned people are
 * notified; `not_notified` names those written with "@" who cannot see the item.
 */
export function postThreadMessage(item: WorkItemRef, body: MessageBody) {
  return api.post<WorkItemMessagePosted>(threadPath(item, 'messages'), body);
}

export function usePostThreadMessage(item: WorkItemRef) {
  const queryClient = useQueryClient();
  const key = threadKeys.part(item, 'messages');
  return useMutation({
    mutationFn: (body: MessageBody) => postThreadMessage(item, body),
    onSuccess: (message) => {
      queryClient.setQueryData<WorkItemMessage[]>(key, (list) =>
        list ? [...list.filter((m) => m.id !== message.id), message] : [message],
      );
    },
    onError: (error) => toastError(`Mensagem não enviada. ${error.message}`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: threadKeys.part(item, 'history') });
    },
  });
}
