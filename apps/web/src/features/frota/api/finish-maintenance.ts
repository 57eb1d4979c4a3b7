import type { MaintenanceFinishBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/manutencoes/{mid}/concluir */
export function finishMaintenance({
  vehicleId,
  id,
  ...body
}: MaintenanceFinishBody & { vehicleId: number; id: number }): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/manutencoes/${id}/concluir`, body);
}

export function useFinishMaintenance() {
  return useVehicleMutation(finishMaintenance, 'Manutenção concluída.');
}
