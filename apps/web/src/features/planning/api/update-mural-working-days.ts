import type { Mural } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

/** PATCH /eproto/murals/{id} {dias_uteis} — the demand plans in working days, or not. */
export function updateMuralWorkingDays({ id, diasUteis }: { id: number; diasUteis: boolean }) {
  return api.patch<Mural>(`/eproto/murals/${id}`, { dias_uteis: diasUteis });
}

export function useUpdateMuralWorkingDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMuralWorkingDays,
    onSuccess: (m) =>
      toastSuccess(
        m.dias_uteis
          ? 'A demanda agora planeja em dias úteis.'
          : 'A demanda agora planeja em dias corridos.',
      ),
    onError: (error) => toastError(error.message),
    onSettled: async () => {
      await Promise.all(
        ['murals', 'gantt', 'calendar'].map((k) =>
          queryClient.invalidateQueries({ queryKey: [k] }),
        ),
      );
    },
  });
}
