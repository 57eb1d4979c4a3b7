import type { DayOff, DayOffBody } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { nonWorkingKeys } from './get-non-working-days.ts';

const daysOffKey = ['calendario', 'folgas'] as const;

/** GET /calendario/folgas — the company's days off, collective vacations and local holidays. */
export function getDaysOff(): Promise<DayOff[]> {
  return api.get<DayOff[]>('/calendario/folgas');
}

export function useDaysOff() {
  return useQuery({ queryKey: daysOffKey, queryFn: getDaysOff });
}

/** Days off change every plan's calendar: the lists, the shading and the plans' dates. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [daysOffKey, nonWorkingKeys.all, ['gantt'], ['calendar']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /calendario/folgas (ti, diretoria). */
export function useCreateDayOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DayOffBody) => api.post<DayOff>('/calendario/folgas', body),
    onSuccess: (d) => toastSuccess(`"${d.nome}" cadastrado.`),
    onError: (error) => toastError(error.message),
    onSettled: refresh,
  });
}

/** DELETE /calendario/folgas/{id} (ti, diretoria). */
export function useDeleteDayOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (d: DayOff) => api.delete<{ ok: true }>(`/calendario/folgas/${d.id}`),
    onSuccess: (_r, d) => toastSuccess(`"${d.nome}" removido.`),
    onError: (error) => toastError(error.message),
    onSettled: refresh,
  });
}
