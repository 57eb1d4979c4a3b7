import type { FieldAlert } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { FLEET_KEY } from './get-vehicles.ts';
import { INVENTORY_KEY } from './get-inventory.ts';

type AlertList = { items: FieldAlert[]; total: number };

/** GET /tatico/frota/alertas — documents and preventive maintenance due. */
export function useFleetAlerts() {
  return useQuery({
    queryKey: [...FLEET_KEY, 'alerts'],
    queryFn: () => api.get<AlertList>('/tatico/frota/alertas'),
  });
}

/** GET /tatico/inventario/alertas — consumables under their minimum. */
export function useInventoryAlerts() {
  return useQuery({
    queryKey: [...INVENTORY_KEY, 'alerts'],
    queryFn: () => api.get<AlertList>('/tatico/inventario/alertas'),
  });
}
