import type { ProtocolMessage, ProtocolMessageBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** POST /eproto/protocols/{id}/messages {texto, mentions} */
export function postProtocolMessage(id: number, body: ProtocolMessageBody) {
  return api.post<ProtocolMessage>(`/eproto/protocols/${id}/messages`, body);
}

export function usePostProtocolMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProtocolMessageBody) => postProtocolMessage(id, body),
    onSuccess: (message) => {
      queryClient.setQueryData<ProtocolMessage[]>(protocolKeys.messages(id), (list) =>
        list ? [...list.filter((m) => m.id !== message.id), message] : [message],
      );
      void queryClient.invalidateQueries({ queryKey: protocolKeys.history(id) });
    },
    onError: (error) => toastError(error.message),
  });
}
