import type { CheckinBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/checkin — vehicle back with the km. */
export function checkinVehicle({
  vehicleId,
  ...body
}: CheckinBody & { vehicleId: number }): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/checkin`, body);
}

export function useCheckinVehicle() {
  return useVehicleMutation(checkinVehicle, 'Check-in registrado; veículo disponível.');
}
