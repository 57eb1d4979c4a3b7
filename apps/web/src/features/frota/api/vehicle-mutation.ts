import type { Vehicle, VehicleDetail } from '@eproto/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { itemsView, putOwnRow } from '../../../lib/changes/own-row.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { vehicleKey } from './get-vehicle.ts';
import { FLEET_KEY, type VehicleFilter } from './get-vehicles.ts';

/**
 * This tab wrote a vehicle (the answer: it at its new version): the lists that show it take it
 * in place when it keeps its place there (same plate and status, no search), so its
 * 'fleet.changed' asks nothing on them; the others ask `/veiculos/changes` (own-row.ts).
 */
export function putSavedVehicle(queryClient: QueryClient, vehicle: Vehicle): void {
  putOwnRow<Vehicle>(queryClient, {
    prefix: [...FLEET_KEY, 'vehicles'],
    id: vehicle.id,
    view: itemsView<Vehicle>(),
    next: (held, queryKey) => {
      const filter = queryKey[2] as VehicleFilter;
      const samePlace = !filter.q && held.placa === vehicle.placa && held.status === vehicle.status;
      return samePlace ? vehicle : undefined;
    },
  });
}

/**
 * Shared shape of the vehicle write calls: each answers the updated vehicle detail, which
 * replaces the cached one and the row of the lists that show it (putSavedVehicle); the write's
 * 'fleet.changed' (X-Changes) patches the rest and reads the alerts again. A refused write
 * reads the area again (the vehicle may have changed elsewhere). A toast tells the outcome.
 */
export function useVehicleMutation<I>(fn: (input: I) => Promise<VehicleDetail>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      queryClient.setQueryData(vehicleKey(detail.vehicle.id), detail);
      putSavedVehicle(queryClient, detail.vehicle);
      toastSuccess(success);
    },
    onError: (error) => {
      toastError(error.message);
      void queryClient.invalidateQueries({ queryKey: FLEET_KEY });
    },
  });
}
