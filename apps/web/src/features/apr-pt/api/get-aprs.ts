import type { AprListItem, AprStatus } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { APR_PT_KEY } from './keys.ts';

export interface AprFilters {
  status?: AprStatus | null;
  busca?: string;
  /** Only the APRs of this OS. */
  osId?: number;
}

/** GET /tatico/sst/aprs — gestores see all, equipe the ones they are on. */
export const getAprs = (f: AprFilters) =>
  api.get<{ items: AprListItem[]; total: number }>('/tatico/sst/aprs', {
    params: {
      status: f.status ?? undefined,
      busca: f.busca || undefined,
      service_order_id: f.osId,
      perPage: 100,
    },
  });

export function useAprs(f: AprFilters = {}) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'aprs', f],
    queryFn: () => getAprs(f),
    placeholderData: keepPreviousData,
  });
}
