import type { Stage } from '@eproto/domain';
import { STAGES, TOTAL_COUNT_HEADER } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { requestWithHeaders } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/**
 * Demands of a contract per stage: one GET /eproto/murals/summary per stage with perPage=1,
 * reading only x-total-count (the server counts with the caller's scope).
 */
export async function getContractStages(contractId: number): Promise<Record<Stage, number>> {
  const totals = await Promise.all(
    STAGES.map(async (stage) => {
      const { headers } = await requestWithHeaders<unknown[]>('GET', '/eproto/murals/summary', {
        params: { contract_id: contractId, stage, perPage: 1 },
        cache: 'no-cache',
      });
      return [stage, Number(headers.get(TOTAL_COUNT_HEADER) ?? 0)] as const;
    }),
  );
  return Object.fromEntries(totals) as Record<Stage, number>;
}

export function useContractStages(contractId: number) {
  return useQuery({
    queryKey: contractKeys.stages(contractId),
    queryFn: () => getContractStages(contractId),
  });
}
