import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { ASSETS_KEY } from './keys.ts';

/** GET /eproto/contracts — the contracts the caller sees, as select options. */
export function useContractOptions() {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'contract-options'],
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
