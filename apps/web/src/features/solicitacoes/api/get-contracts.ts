import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

interface ContractRow {
  id: number;
  codigo: string;
  nome: string;
  status: string;
}

/** GET /eproto/contracts — the contracts the caller sees, for the contract picker. */
export function useContractOptions() {
  return useQuery({
    queryKey: ['requests', 'contracts'],
    queryFn: () => api.get<ContractRow[]>('/eproto/contracts'),
    staleTime: 5 * 60_000,
    select: (rows) =>
      rows
        .filter((c) => c.status !== 'encerrado')
        .map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` })),
  });
}
