import type { BaselineCreateBody, BaselineDetail, BaselineSummary } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

/**
 * Keys start with 'gantt': the push channel refetches them when a task moves, so the variance
 * follows the plan (app/realtime).
 */
export const baselineKeys = {
  list: (muralId: number) => ['gantt', 'baselines', muralId] as const,
  detail: (id: number) => ['gantt', 'baseline', id] as const,
};

/** GET /eproto/baselines?mural_id= — the demand's saved baselines, newest first. */
export function useBaselines(muralId: number) {
  return useQuery({
    queryKey: baselineKeys.list(muralId),
    queryFn: () =>
      api.get<BaselineSummary[]>('/eproto/baselines', { params: { mural_id: muralId } }),
  });
}

/** GET /eproto/baselines/{id} — its tasks beside the current plan, with the variance. */
export function useBaseline(id: number | null) {
  return useQuery({
    queryKey: baselineKeys.detail(id ?? 0),
    queryFn: () => api.get<BaselineDetail>(`/eproto/baselines/${id}`),
    enabled: id !== null,
  });
}

/** POST /eproto/baselines — saves the plan as it is now. */
export function useCreateBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BaselineCreateBody) => api.post<BaselineSummary>('/eproto/baselines', body),
    onSuccess: (b) => toastSuccess(`Linha de base "${b.nome}" salva.`),
    onError: (error) => toastError(error.message),
    onSettled: (_b, _e, body) =>
      queryClient.invalidateQueries({ queryKey: baselineKeys.list(body.mural_id) }),
  });
}

/** DELETE /eproto/baselines/{id}. */
export function useDeleteBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: BaselineSummary) => api.delete<{ ok: true }>(`/eproto/baselines/${b.id}`),
    onSuccess: (_r, b) => toastSuccess(`Linha de base "${b.nome}" excluída.`),
    onError: (error) => toastError(error.message),
    onSettled: (_r, _e, b) =>
      queryClient.invalidateQueries({ queryKey: baselineKeys.list(b.mural_id) }),
  });
}
