import type { MessageBody, WorkItemMessage, WorkItemMessagePosted } from '@eproto/domain';

import { useOutboxMutation } from '../../../lib/offline/use-outbox-mutation.ts';
import { usePendingWrites } from '../../../lib/offline/use-outbox.ts';
import { toastError } from '../../../lib/toast.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** Kind of the queued thread messages (outbox). */
export const THREAD_MESSAGE_WRITE = 'thread.message';

/**
 * POST {base}/{id}/messages {texto, mentions} through the outbox — mentioned
 * people are notified; `not_notified` names those written with "@" who cannot see the item.
 * Without signal the message is kept on the phone and sent later, in order.
 */
export function usePostThreadMessage(item: WorkItemRef) {
  const key = threadKeys.part(item, 'messages');
  return useOutboxMutation<MessageBody, WorkItemMessagePosted>({
    kind: THREAD_MESSAGE_WRITE,
    request: (body) => ({
      method: 'POST',
      path: threadPath(item, 'messages'),
      body,
      label: `Mensagem na ${item.noun} #${item.id}: ${body.texto.slice(0, 80)}`,
      meta: { itemKind: item.kind, itemId: item.id, texto: body.texto },
      invalidate: [key, threadKeys.part(item, 'history')],
    }),
    onSent: (message, _body, queryClient) => {
      queryClient.setQueryData<WorkItemMessage[]>(key, (list) =>
        list ? [...list.filter((m) => m.id !== message.id), message] : [message],
      );
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: threadKeys.part(item, 'history') });
    },
    onRefused: (error) => {
      toastError(`Mensagem não enviada. ${error.message}`);
      return true;
    },
  });
}

/** Messages of this thread written here and not yet on the server. */
export function usePendingThreadMessages(item: WorkItemRef) {
  return usePendingWrites(
    THREAD_MESSAGE_WRITE,
    (w) => w.meta.itemKind === item.kind && w.meta.itemId === item.id,
  );
}
