import type { MuralMessage, MuralMessageBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

/** POST /eproto/murals/{id}/messages {texto, mentions} — mentioned people are notified. */
export function postMuralMessage({
  id,
  body,
}: {
  id: number;
  body: MuralMessageBody;
}): Promise<MuralMessage> {
  return api.post<MuralMessage>(`/eproto/murals/${id}/messages`, body);
}

export function usePostMuralMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMuralMessage,
    onSuccess: (message) => {
      queryClient.setQueryData<MuralMessage[]>(muralKeys.messages(id), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
    },
    onError: (error) => toastError(`Mensagem não enviada. ${error.message}`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: muralKeys.messages(id) });
      await queryClient.invalidateQueries({ queryKey: muralKeys.history(id) });
    },
  });
}
