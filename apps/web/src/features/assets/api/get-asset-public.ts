import type { AssetPublic } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import type { ApiError } from '../../../lib/api-error.ts';

/** GET /public/ativos/{codigo} — no session needed: tag, type and site of a labelled asset. */
export function useAssetPublic(codigo: string) {
  return useQuery<AssetPublic, ApiError>({
    queryKey: ['public', 'asset', codigo],
    queryFn: () =>
      api.get<AssetPublic>(`/public/ativos/${encodeURIComponent(codigo)}`, { silent401: true }),
    retry: false,
  });
}
