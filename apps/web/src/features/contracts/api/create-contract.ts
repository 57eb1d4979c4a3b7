import type { Contract, ContractCreateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { contractKeys } from './keys.ts';

/** POST /eproto/contracts (ti) */
export function createContract(body: ContractCreateBody): Promise<Contract> {
  return api.post<Contract>('/eproto/contracts', body);
}

export function useCreateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContract,
    onSuccess: (c) => toastSuccess(`Contrato ${c.codigo} criado.`),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
