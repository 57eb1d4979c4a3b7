import { ASSET_LABELS_MAX, type AssetListResponse } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, buildUrl } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { ASSETS_KEY } from './keys.ts';

/** GET /tatico/ativos/etiquetas?ids= — the PDF of labels (a plain link: the browser downloads). */
export const assetLabelsUrl = (ids: number[]) =>
  buildUrl('/tatico/ativos/etiquetas', { ids: ids.join(',') });

/** Every asset of a contract (up to the labels' limit), for choosing which labels to print. */
export function useContractAssets(contractId: number | null) {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'labels', contractId],
    enabled: contractId !== null,
    queryFn: async () => {
      const items: AssetListResponse['items'] = [];
      for (let page = 1; items.length < ASSET_LABELS_MAX; page++) {
        const r = await api.get<AssetListResponse>('/tatico/ativos', {
          params: { contract_id: contractId, page, perPage: 100 },
        });
        items.push(...r.items);
        if (items.length >= r.total || r.items.length === 0) break;
      }
      return items.slice(0, ASSET_LABELS_MAX);
    },
  });
}

const settingKey = (contractId: number | null) =>
  [...ASSETS_KEY, 'report-setting', contractId] as const;

/** GET /tatico/ativos/relatos/contratos/{id}: whether the contract's labels take reports. */
export function useReportSetting(contractId: number | null) {
  return useQuery({
    queryKey: settingKey(contractId),
    enabled: contractId !== null,
    queryFn: () =>
      api.get<{ contract_id: number; ativo: boolean }>(
        `/tatico/ativos/relatos/contratos/${contractId}`,
      ),
  });
}

/** PUT /tatico/ativos/relatos/contratos/{id} {ativo}. */
export function useSetReportSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { contractId: number; ativo: boolean }) =>
      api.put<{ contract_id: number; ativo: boolean }>(
        `/tatico/ativos/relatos/contratos/${v.contractId}`,
        { ativo: v.ativo },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingKey(saved.contract_id), saved);
      toastSuccess(
        saved.ativo
          ? 'Relatos pela etiqueta ligados neste contrato.'
          : 'Relatos pela etiqueta desligados neste contrato.',
      );
    },
  });
}
