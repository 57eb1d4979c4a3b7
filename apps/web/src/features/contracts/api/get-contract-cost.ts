import type { ContractCost } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/** GET /eproto/custos/contratos/{id}: the contract's cost per month against its budget. */
export function getContractCost(id: number): Promise<ContractCost> {
  return api.get<ContractCost>(`/eproto/custos/contratos/${id}`);
}

export function useContractCost(id: number | null) {
  return useQuery({
    queryKey: contractKeys.cost(id ?? 0),
    queryFn: () => getContractCost(id!),
    enabled: id !== null,
  });
}

/** The same report as XLSX (a plain download link). */
export const contractCostXlsxUrl = (r: Pick<ContractCost, 'contrato' | 'de' | 'ate'>) =>
  `/api/eproto/custos/contratos/${r.contrato.id}/exportar?de=${r.de}&ate=${r.ate}`;
