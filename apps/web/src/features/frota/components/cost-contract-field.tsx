import type { Control, FieldValues, Path } from 'react-hook-form';

import { FormSelect } from '../../../components/form-fields.tsx';
import { useContractOptions } from '../../../components/pickers/contracts.ts';

/**
 * "Contrato (custo)": which contract a fuel or maintenance cost goes to. Empty, the cost goes
 * to the contracts the vehicle worked for that day (docs/planning-cost.md).
 */
export function CostContractField<T extends FieldValues>({
  control,
  name,
  opened,
}: {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  opened: boolean;
}) {
  const options = useContractOptions({ enabled: opened });
  return (
    <FormSelect
      control={control}
      name={name}
      numeric
      label="Contrato (custo)"
      placeholder="Pela OS ou agenda do dia"
      description="Em branco: vai para o contrato em que o veículo trabalhou no dia."
      data={options.data ?? []}
      searchable
      clearable
      nothingFoundMessage="Nenhum contrato encontrado."
      comboboxProps={{ withinPortal: true }}
    />
  );
}
