import type { EpiItem, EpiItemPatchBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';

/** PATCH /tatico/epi/itens/{id} */
export function updateEpiItem({
  id,
  ...body
}: EpiItemPatchBody & { id: number }): Promise<EpiItem> {
  return api.patch(`/tatico/epi/itens/${id}`, body);
}

export function useUpdateEpiItem() {
  return useEpiMutation(updateEpiItem, 'EPI atualizado.');
}
