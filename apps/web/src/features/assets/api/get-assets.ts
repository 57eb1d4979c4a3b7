import type { AssetListResponse, AssetStatus } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { ASSETS_KEY } from './keys.ts';

export interface AssetFilter {
  q?: string | undefined;
  contract_id?: number | undefined;
  type_id?: number | undefined;
  status?: AssetStatus | undefined;
  /** 'true': only assets with overdue preventive maintenance. */
  atrasadas?: 'true' | undefined;
  page: number;
  perPage: number;
}

/** GET /tatico/ativos — one page of the caller's contracts' assets. */
export function getAssets(filter: AssetFilter): Promise<AssetListResponse> {
  return api.get('/tatico/ativos', { params: { ...filter } });
}

export function useAssets(filter: AssetFilter) {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'list', filter],
    queryFn: () => getAssets(filter),
    placeholderData: keepPreviousData,
  });
}
