import type { KmCorrectionBody, VehicleDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useVehicleMutation } from './vehicle-mutation.ts';

/** POST /tatico/frota/veiculos/{id}/correcoes-km — gerente/diretoria fix a km reading. */
export function correctKm({
  vehicleId,
  ...body
}: KmCorrectionBody & { vehicleId: number }): Promise<VehicleDetail> {
  return api.post(`/tatico/frota/veiculos/${vehicleId}/correcoes-km`, body);
}

export function useCorrectKm() {
  return useVehicleMutation(correctKm, 'Quilometragem corrigida.');
}
