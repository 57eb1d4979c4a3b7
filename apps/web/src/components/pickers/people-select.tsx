import type { MultiSelectProps, SelectProps } from '@mantine/core';

import { usePeopleOptions } from './people.ts';
import { PickerMultiSelect, PickerSelect } from './picker-select.tsx';

const TEXTS = {
  nothing: 'Ninguém encontrado',
  failed: 'Não foi possível carregar as pessoas.',
};

/** One active person (id as text), searchable; `enabled` false waits to ask the server. */
export function PersonSelect({
  enabled = true,
  ...props
}: Omit<SelectProps, 'data'> & { enabled?: boolean }) {
  return <PickerSelect {...props} options={usePeopleOptions(enabled)} texts={TEXTS} />;
}

/** Several active people (ids as text), searchable. */
export function PeopleMultiSelect({
  enabled = true,
  ...props
}: Omit<MultiSelectProps, 'data'> & { enabled?: boolean }) {
  return <PickerMultiSelect {...props} options={usePeopleOptions(enabled)} texts={TEXTS} />;
}
