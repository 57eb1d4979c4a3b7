import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';

/** Every SST query key starts here, so one invalidation refreshes the tab. */
export const SST_KEY = ['sst'] as const;

/** SST writes: toast the outcome and refetch every SST list. */
export function useSstMutation<I, O>(fn: (input: I) => Promise<O>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => toastSuccess(success),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SST_KEY }),
  });
}
