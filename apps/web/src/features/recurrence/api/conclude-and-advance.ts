import type { ConcludeAndAdvanceResult } from '@eproto/domain';
import { formatDateBr } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { refreshAfterRecurrence } from './invalidate.ts';

/** POST /eproto/recurrence/v2/murals/{id}/conclude-and-advance */
export function concludeAndAdvance(muralId: number): Promise<ConcludeAndAdvanceResult> {
  return api.post<ConcludeAndAdvanceResult>(
    `/eproto/recurrence/v2/murals/${muralId}/conclude-and-advance`,
  );
}

export function useConcludeAndAdvance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: concludeAndAdvance,
    onSuccess: async (result) => {
      toastSuccess(
        result.next
          ? `Demanda concluída. Próxima ocorrência criada para ${formatDateBr(result.next.data_ocorrencia)}.`
          : 'Demanda concluída. Era a última ocorrência: a recorrência foi encerrada.',
      );
      await refreshAfterRecurrence(queryClient);
    },
    onError: (error) => toastError(`Não foi possível concluir e avançar. ${error.message}`),
  });
}
