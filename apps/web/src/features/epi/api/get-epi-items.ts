import type { EpiItem } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const EPI_KEY = ['epi'] as const;

/** GET /tatico/epi/itens — the catalogue (inactive items too when `all`). */
export function useEpiItems(all = false) {
  return useQuery({
    queryKey: [...EPI_KEY, 'items', all],
    queryFn: () =>
      api.get<{ items: EpiItem[] }>('/tatico/epi/itens', {
        params: { todos: all ? 'true' : undefined },
      }),
  });
}
