import type { VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/manutencoes/{mid}/iniciar — vehicle goes to maintenance. */
export function startMaintenance({
  vehicleId,
  id,
}: {
  vehicleId: number;
  id: number;
}): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/manutencoes/${id}/iniciar`, {});
}

export function useStartMaintenance() {
  return useVehicleMutation(startMaintenance, 'Manutenção iniciada; veículo em manutenção.');
}
