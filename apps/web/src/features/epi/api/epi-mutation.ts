import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** EPI writes: toast the outcome and refetch every EPI list (stock, deliveries, alerts). */
export function useEpiMutation<I, O>(
  fn: (input: I) => Promise<O>,
  success: string | ((out: O) => string),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (out) => toastSuccess(typeof success === 'string' ? success : success(out)),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EPI_KEY }),
  });
}
