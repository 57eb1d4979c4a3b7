import type { FuelBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/abastecimentos */
export function addFuel({
  vehicleId,
  ...body
}: FuelBody & { vehicleId: number }): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/abastecimentos`, body);
}

export function useAddFuel() {
  return useVehicleMutation(addFuel, 'Abastecimento registrado.');
}
