import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';

import { usePeopleOptions } from './people.ts';

const NOTHING = 'Ninguém encontrado';
const FAILED = 'Não foi possível carregar as pessoas.';

/** One active person (id as text), searchable; `enabled` false waits to ask the server. */
export function PersonSelect({
  enabled = true,
  ...props
}: Omit<SelectProps, 'data'> & { enabled?: boolean }) {
  const people = usePeopleOptions(enabled);
  return (
    <Select
      searchable
      nothingFoundMessage={NOTHING}
      {...props}
      data={people.data ?? []}
      error={props.error ?? (people.isError ? FAILED : undefined)}
    />
  );
}

/** Several active people (ids as text), searchable. */
export function PeopleMultiSelect({
  enabled = true,
  ...props
}: Omit<MultiSelectProps, 'data'> & { enabled?: boolean }) {
  const people = usePeopleOptions(enabled);
  return (
    <MultiSelect
      searchable
      nothingFoundMessage={NOTHING}
      {...props}
      data={people.data ?? []}
      error={props.error ?? (people.isError ? FAILED : undefined)}
    />
  );
}
