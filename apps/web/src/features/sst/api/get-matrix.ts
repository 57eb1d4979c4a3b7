import type { SstMatrix } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** Filters of the matrix (and its export): function and contract, each optional. */
export interface MatrixFilters {
  funcao: string | null;
  contractId: string | null;
}

const params = (f: MatrixFilters) => {
  const p: Record<string, string> = {};
  if (f.funcao) p.funcao = f.funcao;
  if (f.contractId) p.contract_id = f.contractId;
  return p;
};

/** GET /tatico/sst/matriz — people x requirements, by function and contract. */
export function useSstMatrix(f: MatrixFilters) {
  return useQuery({
    queryKey: [...SST_KEY, 'matrix', f.funcao, f.contractId],
    queryFn: () => api.get<SstMatrix>('/tatico/sst/matriz', { params: params(f) }),
    placeholderData: keepPreviousData,
  });
}

/** Download URL of the matrix as XLSX, with the same filters as the screen. */
export const matrixXlsxUrl = (f: MatrixFilters) =>
  `/api/tatico/sst/matriz/exportar?${new URLSearchParams({ format: 'xlsx', ...params(f) }).toString()}`;
