import type { EpiItem } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';

/** POST /tatico/epi/itens/{id}/entradas {quantidade, observacao} */
export function addEpiStock({
  id,
  quantidade,
  observacao,
}: {
  id: number;
  quantidade: number;
  observacao?: string;
}): Promise<EpiItem> {
  return api.post(`/tatico/epi/itens/${id}/entradas`, { quantidade, observacao });
}

export function useAddEpiStock() {
  return useEpiMutation(
    addEpiStock,
    (item) => `Entrada registrada: estoque de ${item.nome} agora é ${item.estoque}.`,
  );
}
