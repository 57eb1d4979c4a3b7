import type { PtListItem, PtStatus, PtType } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { APR_PT_KEY } from './keys.ts';

export interface PtFilters {
  status?: PtStatus | null;
  tipo?: PtType | null;
  busca?: string;
}

/** GET /tatico/sst/pts — gestores see all, equipe the ones they are on. */
export const getPts = (f: PtFilters) =>
  api.get<{ items: PtListItem[]; total: number }>('/tatico/sst/pts', {
    params: {
      status: f.status ?? undefined,
      tipo: f.tipo ?? undefined,
      busca: f.busca || undefined,
      perPage: 100,
    },
  });

export function usePts(f: PtFilters = {}) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'pts', f],
    queryFn: () => getPts(f),
    placeholderData: keepPreviousData,
  });
}
