import type { MeterHistory, MeterReadingBody } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { ASSETS_KEY } from './keys.ts';

const meterKey = (assetId: number) => [...ASSETS_KEY, 'meter', assetId] as const;

/** GET /tatico/ativos/{id}/horimetro — readings (newest first) and the average use per day. */
export function useAssetMeter(assetId: number) {
  return useQuery({
    queryKey: meterKey(assetId),
    queryFn: () => api.get<MeterHistory>(`/tatico/ativos/${assetId}/horimetro`),
  });
}

/** POST /tatico/ativos/{id}/horimetro; the answer is the new history. */
export function useRecordMeter(assetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeterReadingBody) =>
      api.post<MeterHistory>(`/tatico/ativos/${assetId}/horimetro`, body),
    onSuccess: (h) => {
      queryClient.setQueryData(meterKey(assetId), h);
      toastSuccess('Leitura do horímetro registrada.');
    },
  });
}
