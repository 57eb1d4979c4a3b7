import type { Vehicle, VehicleStatus } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const FLEET_KEY = ['fleet'] as const;

export interface VehicleFilter {
  status?: VehicleStatus;
  q?: string;
}

/** GET /tatico/frota/veiculos */
export function getVehicles(filter: VehicleFilter): Promise<{ items: Vehicle[] }> {
  return api.get('/tatico/frota/veiculos', { params: { ...filter } });
}

export function useVehicles(filter: VehicleFilter) {
  return useQuery({
    queryKey: [...FLEET_KEY, 'vehicles', filter],
    queryFn: () => getVehicles(filter),
    placeholderData: keepPreviousData,
  });
}
