import type { Contract } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api-client.ts';
import { contractOption } from './contract-label.ts';
import { PICKER_KEYS, PICKER_STALE } from './keys.ts';

/**
 * Which contracts a picker offers: 'ativo' only the active ones (new work: agenda, OS, assets,
 * fleet costs, SST); 'aberto' drops the closed ones (a suspended contract still takes requests
 * and invitations).
 */
export type ContractPickerStatus = 'ativo' | 'aberto';

const KEEP: Record<ContractPickerStatus, (c: Contract) => boolean> = {
  ativo: (c) => c.status === 'ativo',
  aberto: (c) => c.status !== 'encerrado',
};
const SELECT = Object.fromEntries(
  Object.entries(KEEP).map(([status, keep]) => [
    status,
    (rows: Contract[]) => rows.filter(keep).map(contractOption),
  ]),
) as Record<ContractPickerStatus, (rows: Contract[]) => ReturnType<typeof contractOption>[]>;

/**
 * GET /tatico/contratos — the caller's contracts, every status, in one cache entry; each picker
 * keeps the `status` it offers. `enabled` false waits to ask the server.
 */
export function useContractOptions({
  status = 'ativo',
  enabled = true,
}: { status?: ContractPickerStatus; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: PICKER_KEYS.contracts,
    queryFn: () => api.get<Contract[]>('/tatico/contratos'),
    staleTime: PICKER_STALE,
    enabled,
    select: SELECT[status],
  });
}
