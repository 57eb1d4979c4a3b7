import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';

import { FormSelect } from '../form-fields.tsx';
import { useVehicleOptions } from './vehicles.ts';

/**
 * A form's vehicle (the field holds its id or null): the vehicles that can be booked, searchable
 * and clearable; `enabled` false waits to ask the server (a closed modal).
 */
export function VehicleSelect<T extends FieldValues, TOut = T>({
  enabled = true,
  ...props
}: Omit<ComponentProps<typeof FormSelect<T, TOut>>, 'data' | 'numeric'> & { enabled?: boolean }) {
  const vehicles = useVehicleOptions(enabled);
  return (
    <FormSelect
      searchable
      clearable
      nothingFoundMessage="Nenhum veículo"
      {...props}
      numeric
      data={vehicles.data ?? []}
      error={
        props.error ?? (vehicles.isError ? 'Não foi possível carregar os veículos.' : undefined)
      }
    />
  );
}
