import type { SelectProps } from '@mantine/core';

import { useContractOptions, type ContractPickerStatus } from './contracts.ts';
import { PickerSelect } from './picker-select.tsx';

const TEXTS = {
  nothing: 'Nenhum contrato',
  failed: 'Não foi possível carregar os contratos.',
};

type Picker = { enabled?: boolean; status?: ContractPickerStatus };

/** One of the caller's contracts (id as text), active ones unless `status` says otherwise. */
export function ContractSelect({ enabled, status, ...props }: Omit<SelectProps, 'data'> & Picker) {
  const options = useContractOptions({ enabled, status });
  return <PickerSelect {...props} options={options} texts={TEXTS} />;
}
