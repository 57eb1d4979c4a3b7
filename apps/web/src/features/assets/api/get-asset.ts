import type { AssetDetail } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { assetKey } from './keys.ts';

/** GET /tatico/ativos/{id} — the asset and whether the caller may edit it. */
export function getAsset(id: number): Promise<AssetDetail> {
  return api.get(`/tatico/ativos/${id}`);
}

export function useAsset(id: number | null) {
  return useQuery({
    queryKey: assetKey(id ?? 0),
    queryFn: () => getAsset(id!),
    enabled: id !== null,
  });
}
