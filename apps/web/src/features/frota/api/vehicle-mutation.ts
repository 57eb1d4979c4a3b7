import type { VehicleDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { vehicleKey } from './get-vehicle.ts';
import { FLEET_KEY } from './get-vehicles.ts';

/**
 * Shared shape of the vehicle write calls: each answers the updated vehicle detail, which
 * replaces the cached one; lists and alerts refetch; a toast tells the outcome.
 */
export function useVehicleMutation<I>(fn: (input: I) => Promise<VehicleDetail>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      queryClient.setQueryData(vehicleKey(detail.vehicle.id), detail);
      toastSuccess(success);
    },
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FLEET_KEY }),
  });
}
