import type { MaintenanceBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/manutencoes */
export function addMaintenance({
  vehicleId,
  ...body
}: MaintenanceBody & { vehicleId: number }): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/manutencoes`, body);
}

export function useAddMaintenance() {
  return useVehicleMutation(addMaintenance, 'Manutenção registrada.');
}
