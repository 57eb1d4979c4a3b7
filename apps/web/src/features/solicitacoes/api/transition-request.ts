import type { RequestDetail, RequestStatus } from '@eproto/domain';
import { REQUEST_STATUS_LABELS } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { requestKey } from './get-request.ts';

interface Input {
  id: number;
  status: RequestStatus;
  comentario?: string | null;
}

/** POST /solicitacoes/{id}/status {status, comentario} — one workflow step. */
export function transitionRequest({ id, ...body }: Input): Promise<RequestDetail> {
  return api.post(`/solicitacoes/${id}/status`, body);
}

/** Shows the new status at once; puts the request back if the server refuses the step. */
export function useTransitionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionRequest,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: requestKey(id) });
      const previous = queryClient.getQueryData<RequestDetail>(requestKey(id));
      if (previous) {
        queryClient.setQueryData<RequestDetail>(requestKey(id), {
          ...previous,
          solicitacao: { ...previous.solicitacao, status },
          acoes: [],
        });
      }
      return { previous };
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(requestKey(detail.solicitacao.id), detail);
      toastSuccess(
        `Solicitação #${detail.solicitacao.id}: ${REQUEST_STATUS_LABELS[detail.solicitacao.status].toLowerCase()}. O solicitante foi avisado.`,
      );
    },
    onError: (error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(requestKey(id), context.previous);
      toastError(error.message);
    },
    // The lists take the write's change ('requests.changed': get-request-changes.ts).
  });
}
