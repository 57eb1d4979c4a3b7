import type { CheckoutBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/checkout — hands the vehicle to a driver with the km. */
export function checkoutVehicle({
  vehicleId,
  ...body
}: CheckoutBody & { vehicleId: number }): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/checkout`, body);
}

export function useCheckoutVehicle() {
  return useVehicleMutation(checkoutVehicle, 'Check-out registrado.');
}
