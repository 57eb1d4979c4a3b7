import type { Protocol, ProtocolCreateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** POST /eproto/protocols */
export function createProtocol(body: ProtocolCreateBody): Promise<Protocol> {
  return api.post<Protocol>('/eproto/protocols', body);
}

export function useCreateProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProtocol,
    onSuccess: async (task) => {
      toastSuccess(`Tarefa "${task.titulo}" criada.`);
      await queryClient.invalidateQueries({ queryKey: protocolKeys.lists });
    },
    onError: (error) => toastError(error.message),
  });
}
