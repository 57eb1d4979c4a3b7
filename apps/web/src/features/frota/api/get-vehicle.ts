import type { VehicleDetail } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { FLEET_KEY } from './get-vehicles.ts';

export const vehicleKey = (id: number) => [...FLEET_KEY, 'vehicle', id] as const;

/** GET /tatico/frota/veiculos/{id} — vehicle with maintenance, fuel and check-outs. */
export function getVehicle(id: number): Promise<VehicleDetail> {
  return api.get(`/tatico/frota/veiculos/${id}`);
}

export function useVehicle(id: number | null) {
  return useQuery({
    queryKey: vehicleKey(id ?? 0),
    queryFn: () => getVehicle(id!),
    enabled: id !== null,
  });
}
