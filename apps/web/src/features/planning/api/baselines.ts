import type {
  BaselineCreateBody,
  BaselineDetail,
  BaselineSummary,
  TeamBaselineCreateBody,
  TeamBaselineDetail,
  TeamBaselineSummary,
} from '@eproto/domain';
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

/** Keys of a team's Gantt baselines (also under 'gantt': a moved task refetches the variance). */
export const teamBaselineKeys = {
  list: (coordenadorId: number) => ['gantt', 'team-baselines', coordenadorId] as const,
  detail: (id: number) => ['gantt', 'team-baseline', id] as const,
};

/** GET /eproto/team/baselines?coordenador_id= — the team's saved baselines, newest first. */
export function useTeamBaselines(coordenadorId: number | null) {
  return useQuery({
    queryKey: teamBaselineKeys.list(coordenadorId ?? 0),
    queryFn: () =>
      api.get<TeamBaselineSummary[]>('/eproto/team/baselines', {
        params: { coordenador_id: coordenadorId },
      }),
    enabled: coordenadorId !== null,
  });
}

/** GET /eproto/team/baselines/{id} — its tasks and demands beside the plan now. */
export function useTeamBaseline(id: number | null) {
  return useQuery({
    queryKey: teamBaselineKeys.detail(id ?? 0),
    queryFn: () => api.get<TeamBaselineDetail>(`/eproto/team/baselines/${id}`),
    enabled: id !== null,
  });
}

/** POST /eproto/team/baselines — saves the plan of every demand of the team as it is now. */
export function useCreateTeamBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamBaselineCreateBody) =>
      api.post<TeamBaselineSummary>('/eproto/team/baselines', body),
    onSuccess: (b) => toastSuccess(`Linha de base "${b.nome}" salva.`),
    onError: (error) => toastError(error.message),
    onSettled: (_b, _e, body) =>
      queryClient.invalidateQueries({ queryKey: teamBaselineKeys.list(body.coordenador_id) }),
  });
}

/** DELETE /eproto/team/baselines/{id}. */
export function useDeleteTeamBaseline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: TeamBaselineSummary) =>
      api.delete<{ ok: true }>(`/eproto/team/baselines/${b.id}`),
    onSuccess: (_r, b) => toastSuccess(`Linha de base "${b.nome}" excluída.`),
    onError: (error) => toastError(error.message),
    onSettled: (_r, _e, b) =>
      queryClient.invalidateQueries({ queryKey: teamBaselineKeys.list(b.coordenador_id) }),
  });
}
