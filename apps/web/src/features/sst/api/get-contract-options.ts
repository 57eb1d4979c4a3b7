import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** GET /eproto/contracts — active contracts the caller sees (matrix filter). */
export function useSstContractOptions() {
  return useQuery({
    queryKey: [...SST_KEY, 'contract-options'],
    queryFn: () =>
      api.get<Array<{ id: number; codigo: string; nome: string; status: string }>>(
        '/eproto/contracts',
      ),
    staleTime: 5 * 60_000,
    select: (rows) =>
      rows
        .filter((c) => c.status === 'ativo')
        .map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` })),
  });
}
