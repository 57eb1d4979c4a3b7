import type {
  Occurrence,
  Plan,
  PlanBody,
  PlanGenerateResult,
  PlanPatchBody,
  PreventiveSettings,
  PreventiveSettingsBody,
  ServiceTypeSummary,
} from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, buildUrl } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { ASSETS_KEY } from './keys.ts';

const PLANS_KEY = [...ASSETS_KEY, 'plans'] as const;

/** GET /tatico/ativos/planos?contract_id= — the plans of a contract, and whether I edit them. */
export function usePlans(contractId: number | null) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'list', contractId],
    enabled: contractId !== null,
    queryFn: () =>
      api.get<{ items: Plan[]; pode_editar: boolean }>('/tatico/ativos/planos', {
        params: { contract_id: contractId },
      }),
  });
}

type SavePlanInput = { id: null; body: PlanBody } | { id: number; body: PlanPatchBody };

/** POST /tatico/ativos/planos (new) or PATCH /tatico/ativos/planos/{id} (edit, on/off). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePlanInput) =>
      input.id === null
        ? api.post<Plan>('/tatico/ativos/planos', input.body)
        : api.patch<Plan>(`/tatico/ativos/planos/${input.id}`, input.body),
    onSuccess: (plan, input) => {
      const onOff = input.id !== null && Object.keys(input.body).join() === 'ativo';
      toastSuccess(
        input.id === null
          ? 'Plano de manutenção criado.'
          : onOff
            ? plan.ativo
              ? 'Plano ligado: volta a abrir OSs.'
              : 'Plano desligado: não abre mais OSs.'
            : 'Plano de manutenção atualizado.',
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

/**
 * POST /tatico/ativos/planos/gerar — "Gerar OSs agora" for one contract: the hourly job's
 * generation run at once (idempotent: what already exists is not opened again).
 */
export function useGeneratePlans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: number) =>
      api.post<PlanGenerateResult>('/tatico/ativos/planos/gerar', { contract_id: contractId }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ASSETS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['agenda'] }),
        queryClient.invalidateQueries({ queryKey: ['service-orders'] }),
      ]);
    },
  });
}

const settingsKey = (contractId: number | null) => [...PLANS_KEY, 'settings', contractId];

/** GET /tatico/ativos/contratos/{id}/preventiva — horizon, team, hour and the PMOC's data. */
export function usePreventiveSettings(contractId: number | null) {
  return useQuery({
    queryKey: settingsKey(contractId),
    enabled: contractId !== null,
    queryFn: () => api.get<PreventiveSettings>(`/tatico/ativos/contratos/${contractId}/preventiva`),
  });
}

/** PUT /tatico/ativos/contratos/{id}/preventiva. */
export function useSavePreventiveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { contractId: number; body: PreventiveSettingsBody }) =>
      api.put<PreventiveSettings>(`/tatico/ativos/contratos/${v.contractId}/preventiva`, v.body),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(saved.contract_id), saved);
      toastSuccess('Configuração da preventiva salva.');
    },
  });
}

/** GET /tatico/ativos/preventivas/atrasadas?contract_id= — late and skipped due dates. */
export function useOverdue(contractId: number | null) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'overdue', contractId],
    enabled: contractId !== null,
    queryFn: () =>
      api.get<{ items: Occurrence[]; total: number }>('/tatico/ativos/preventivas/atrasadas', {
        params: { contract_id: contractId },
      }),
  });
}

/** GET /tatico/os/tipos — the checklists (OS service types) a plan can use. */
export function useChecklistOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...PLANS_KEY, 'checklists'],
    enabled,
    queryFn: () => api.get<{ items: ServiceTypeSummary[] }>('/tatico/os/tipos'),
    select: (d) => d.items,
    staleTime: 60_000,
  });
}

/** GET /tatico/ativos/contratos/{id}/pmoc.pdf?ano= — a plain link: the browser downloads. */
export const pmocUrl = (contractId: number, ano: number) =>
  buildUrl(`/tatico/ativos/contratos/${contractId}/pmoc.pdf`, { ano });
