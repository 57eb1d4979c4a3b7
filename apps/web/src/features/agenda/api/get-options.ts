import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

const STALE = 5 * 60_000;

/** GET /eproto/contracts — contracts the caller sees. */
export function useContractOptions(enabled = true) {
  return useQuery({
    queryKey: ['agenda', 'contracts'],
    queryFn: () =>
      api.get<Array<{ id: number; codigo: string; nome: string; status: string }>>(
        '/eproto/contracts',
      ),
    staleTime: STALE,
    enabled,
    select: (rows) =>
      rows
        .filter((c) => c.status === 'ativo')
        .map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` })),
  });
}

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
