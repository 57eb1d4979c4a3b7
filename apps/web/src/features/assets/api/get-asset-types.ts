import type { AssetType } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { ASSETS_KEY } from './keys.ts';

/** GET /tatico/ativos/tipos — the type catalogue with each type's asset count. */
export function getAssetTypes(): Promise<{ items: AssetType[] }> {
  return api.get('/tatico/ativos/tipos');
}

export function useAssetTypes() {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'types'],
    queryFn: getAssetTypes,
    staleTime: 5 * 60_000,
  });
}
