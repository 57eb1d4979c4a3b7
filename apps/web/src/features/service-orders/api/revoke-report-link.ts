import type { OsDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { osKey } from './keys.ts';

/** POST /tatico/os/{id}/relatorio-link/revogar — the customer's link stops working at once. */
export function revokeReportLink(id: number): Promise<OsDetail> {
  return api.post(`/tatico/os/${id}/relatorio-link/revogar`, {});
}

export function useRevokeReportLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReportLink,
    onSuccess: (os) => {
      queryClient.setQueryData(osKey(os.id), os);
      toastSuccess('Link do relatório revogado: o cliente não consegue mais abri-lo.');
    },
    onError: (e) => toastError(e.message),
  });
}
