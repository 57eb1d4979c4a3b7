import type { SstMatrix } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** GET /tatico/sst/matriz — people x requirements, by function. */
export function useSstMatrix(funcao: string | null) {
  return useQuery({
    queryKey: [...SST_KEY, 'matrix', funcao],
    queryFn: () =>
      api.get<SstMatrix>('/tatico/sst/matriz', funcao ? { params: { funcao } } : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Download URL of the matrix as XLSX. */
export const matrixXlsxUrl = (funcao: string | null) =>
  `/api/tatico/sst/matriz/exportar?format=xlsx${funcao ? `&funcao=${encodeURIComponent(funcao)}` : ''}`;
