import type { AssetMaintenance, AssetYear } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { ASSETS_KEY } from './keys.ts';

/** GET /tatico/ativos/{id}/preventiva — plans, next and overdue dates, the OSs that served it. */
export function useAssetMaintenance(id: number | null) {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'maintenance', id],
    queryFn: () => api.get<AssetMaintenance>(`/tatico/ativos/${id}/preventiva`),
    enabled: id !== null,
  });
}

/** GET /tatico/ativos/{id}/ano?ano= — 12 months × the asset's plans. */
export function useAssetYear(id: number | null, ano: number) {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'year', id, ano],
    queryFn: () => api.get<AssetYear>(`/tatico/ativos/${id}/ano`, { params: { ano } }),
    enabled: id !== null,
  });
}
