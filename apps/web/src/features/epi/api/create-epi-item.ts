import type { EpiItem, EpiItemBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';

/** POST /tatico/epi/itens */
export function createEpiItem(body: EpiItemBody): Promise<EpiItem> {
  return api.post('/tatico/epi/itens', body);
}

export function useCreateEpiItem() {
  return useEpiMutation(createEpiItem, 'EPI cadastrado no catálogo.');
}
