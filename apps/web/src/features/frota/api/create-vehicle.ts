import type { VehicleBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos */
export function createVehicle(body: VehicleBody): Promise<VehicleDetail> {
  return api.post('/tatico/frota/veiculos', body);
}

export function useCreateVehicle() {
  return useVehicleMutation(createVehicle, 'Veículo cadastrado.');
}
