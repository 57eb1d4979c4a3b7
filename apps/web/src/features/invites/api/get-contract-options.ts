import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export interface ContractOption {
  value: string;
  label: string;
}

interface ContractRow {
  id: number;
  codigo: string;
  nome: string;
  status: string;
}

/** GET /eproto/contracts — active and suspended contracts for the invitation's picker. */
export async function getContractOptions(): Promise<ContractOption[]> {
  const rows = await api.get<ContractRow[]>('/eproto/contracts');
  return rows
    .filter((c) => c.status !== 'encerrado')
    .map((c) => ({ value: String(c.id), label: `${c.codigo} — ${c.nome}` }));
}

export function useContractOptions() {
  return useQuery({
    queryKey: ['contracts', 'options'],
    queryFn: getContractOptions,
    staleTime: 60_000,
  });
}
