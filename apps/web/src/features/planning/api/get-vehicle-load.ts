import type { VehicleLoadResponse } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys, type TeamLoadParams } from './keys.ts';

/** GET /eproto/team/load/vehicles — days booked per vehicle per week against working days. */
export function getVehicleLoad(query: TeamLoadParams): Promise<VehicleLoadResponse> {
  return api.get<VehicleLoadResponse>('/eproto/team/load/vehicles', { params: { ...query } });
}

export function useVehicleLoad(query: TeamLoadParams, enabled = true) {
  return useQuery({
    queryKey: planningKeys.vehicleLoad(query),
    queryFn: () => getVehicleLoad(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
