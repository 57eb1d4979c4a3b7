import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { EPI_KEY } from './get-epi-items.ts';

/**
 * EPI writes: toast the outcome and put the answer in (`keep`: a delivery into the lists that
 * hold it, get-epi-changes.ts keepDelivery). What else the write changed comes back as its
 * changes (X-Changes, lib/changes/change-effects.ts): the lists showing the answer's version
 * ask nothing, the catalogue and alerts are read again when it moved them. A refused write
 * (the screen was out of date) reads every EPI list again.
 */
export function useEpiMutation<I, O>(
  fn: (input: I) => Promise<O>,
  success: string | ((out: O) => string),
  keep?: (queryClient: QueryClient, out: O) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (out) => {
      keep?.(queryClient, out);
      toastSuccess(typeof success === 'string' ? success : success(out));
    },
    onError: (error) => {
      toastError(error.message);
      void queryClient.invalidateQueries({ queryKey: EPI_KEY });
    },
  });
}
