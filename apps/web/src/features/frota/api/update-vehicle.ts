import type { VehicleDetail, VehiclePatchBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** PATCH /tatico/frota/veiculos/{id} */
export function updateVehicle({
  id,
  ...body
}: VehiclePatchBody & { id: number }): Promise<VehicleDetail> {
  return api.patch(`/tatico/frota/veiculos/${id}`, body);
}

export function useUpdateVehicle() {
  return useVehicleMutation(updateVehicle, 'Veículo atualizado.');
}
