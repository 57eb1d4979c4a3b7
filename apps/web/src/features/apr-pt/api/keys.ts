import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';

/** Every APR/PT query key starts here, so one invalidation refreshes the tab. */
export const APR_PT_KEY = ['apr-pt'] as const;

/** APR/PT writes: toast the outcome and refetch every APR/PT query. */
export function useAprPtMutation<I, O>(fn: (input: I) => Promise<O>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => toastSuccess(success),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APR_PT_KEY }),
  });
}
