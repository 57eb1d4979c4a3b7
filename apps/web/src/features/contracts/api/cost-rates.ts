import type { CostRate, CostRateBody } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { contractKeys } from './keys.ts';

type Rates = { items: CostRate[] };

/** GET /eproto/custos/taxas: hourly cost rates per function and per person. */
export function useCostRates(enabled = true) {
  return useQuery({
    queryKey: contractKeys.rates,
    queryFn: () => api.get<Rates>('/eproto/custos/taxas'),
    enabled,
  });
}

/** A new rate changes the cost of every contract from its day on: refresh rates and reports. */
function useRatesMutation<V>(call: (v: V) => Promise<Rates>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      queryClient.setQueryData(contractKeys.rates, data);
      toastSuccess(done);
      void queryClient.invalidateQueries({ queryKey: ['contracts', 'cost'] });
    },
  });
}

/** POST /eproto/custos/taxas (refusals are shown by the form, under their field). */
export function useAddCostRate() {
  return useRatesMutation(
    (body: CostRateBody) => api.post<Rates>('/eproto/custos/taxas', body),
    'Taxa salva.',
  );
}

/** DELETE /eproto/custos/taxas/{id} */
export function useRemoveCostRate() {
  const remove = useRatesMutation(
    (id: number) => api.delete<Rates>(`/eproto/custos/taxas/${id}`),
    'Taxa excluída.',
  );
  return {
    ...remove,
    mutate: (id: number) => remove.mutate(id, { onError: (e) => toastError(e.message) }),
  };
}
