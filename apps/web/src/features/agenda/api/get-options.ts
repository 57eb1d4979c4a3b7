import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

const STALE = 5 * 60_000;

/** GET /eproto/murals/summary?contract_id — demands of a contract for the optional link. */
export function useDemandOptions(contractId: number | null) {
  return useQuery({
    queryKey: ['agenda', 'demands', contractId],
    queryFn: () =>
      api.get<Array<{ id: number; titulo: string }>>('/eproto/murals/summary', {
        params: { contract_id: contractId ?? undefined, perPage: 200, sort: '-updated_at' },
      }),
    enabled: contractId !== null,
    staleTime: STALE,
    select: (rows) => rows.map((m) => ({ value: String(m.id), label: m.titulo })),
  });
}
