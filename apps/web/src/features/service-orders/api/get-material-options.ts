import type { InventoryItem } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { OS_KEY } from './keys.ts';

/** GET /tatico/inventario/itens — consumables and tools to pick as materials of an OS. */
export function useMaterialOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...OS_KEY, 'material-options'],
    queryFn: () => api.get<{ items: InventoryItem[] }>('/tatico/inventario/itens'),
    select: (d) => d.items,
    enabled,
    staleTime: 30_000,
  });
}
