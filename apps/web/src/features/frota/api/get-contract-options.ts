import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /eproto/contracts: the active contracts the caller sees, as options of the cost forms. */
export function useFleetContractOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['contracts', 'fleet-options'],
    queryFn: () =>
      api.get<Array<{ id: number; codigo: string; nome: string; status: string }>>(
        '/eproto/contracts',
      ),
    staleTime: 5 * 60_000,
    enabled,
    select: (rows) =>
      rows
        .filter((c) => c.status === 'ativo')
        .map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` })),
  });
}
