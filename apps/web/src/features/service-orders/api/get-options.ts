import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { OS_KEY } from './keys.ts';

const STALE = 5 * 60_000;

/** GET /eproto/contracts — active contracts the caller sees (filters, new OS). */
export function useContractOptions() {
  return useQuery({
    queryKey: [...OS_KEY, 'contract-options'],
    queryFn: () =>
      api.get<Array<{ id: number; codigo: string; nome: string; status: string }>>(
        '/eproto/contracts',
      ),
    staleTime: STALE,
    select: (rows) =>
      rows
        .filter((c) => c.status === 'ativo')
        .map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` })),
  });
}
