import type { InventoryItem } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api-client.ts';
import { PICKER_KEYS } from './keys.ts';

/**
 * GET /tatico/materiais — consumables and tools with their stock, to record as materials of an
 * OS (equipe too). Kept offline with the stock as last known (the week's prefetch reads it).
 */
export const materialsPickerQuery = () =>
  queryOptions({
    queryKey: PICKER_KEYS.materials,
    queryFn: () => api.get<{ items: InventoryItem[] }>('/tatico/materiais'),
    staleTime: 30_000,
  });

/** The inventory items a material picker offers. */
export function useMaterials(enabled = true) {
  return useQuery({ ...materialsPickerQuery(), enabled, select: (d) => d.items });
}
