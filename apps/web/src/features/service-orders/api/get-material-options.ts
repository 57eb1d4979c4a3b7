import type { InventoryItem } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { OS_KEY } from './keys.ts';

/** Query key of the material picker (kept offline under ['service-orders']). */
export const materialOptionsKey = [...OS_KEY, 'material-options'] as const;

/** GET /tatico/agenda/opcoes/materiais — consumables and tools to pick as materials (equipe too). */
export function materialOptionsQuery() {
  return {
    queryKey: materialOptionsKey,
    queryFn: () => api.get<{ items: InventoryItem[] }>('/tatico/agenda/opcoes/materiais'),
  };
}

/** The picker's list (stock as last known when offline: kept by the week's prefetch). */
export function useMaterialOptions(enabled: boolean) {
  return useQuery({
    ...materialOptionsQuery(),
    select: (d) => d.items,
    enabled,
    staleTime: 30_000,
  });
}
