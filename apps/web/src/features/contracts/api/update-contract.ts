import type { Contract, ContractUpdateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { contractKeys } from './keys.ts';

/** PATCH /eproto/contracts/{id} (ti) */
export function updateContract({
  id,
  body,
}: {
  id: number;
  body: ContractUpdateBody;
}): Promise<Contract> {
  return api.patch<Contract>(`/eproto/contracts/${id}`, body);
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContract,
    onSuccess: (c) => toastSuccess(`Contrato ${c.codigo} atualizado.`),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
