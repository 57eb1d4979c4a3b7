import { MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

/** What a picker's select says when the search finds nothing and when its list did not load. */
export interface PickerTexts {
  nothing: string;
  failed: string;
}

type Options = UseQueryResult<Array<{ value: string; label: string }>>;

/** One option of a picker's list, searchable; the error says when the list did not load. */
export function PickerSelect({
  options,
  texts,
  ...props
}: Omit<SelectProps, 'data'> & { options: Options; texts: PickerTexts }) {
  return (
    <Select
      searchable
      nothingFoundMessage={texts.nothing}
      {...props}
      data={options.data ?? []}
      error={props.error ?? (options.isError ? texts.failed : undefined)}
    />
  );
}

/** Several options of a picker's list, searchable. */
export function PickerMultiSelect({
  options,
  texts,
  ...props
}: Omit<MultiSelectProps, 'data'> & { options: Options; texts: PickerTexts }) {
  return (
    <MultiSelect
      searchable
      nothingFoundMessage={texts.nothing}
      {...props}
      data={options.data ?? []}
      error={props.error ?? (options.isError ? texts.failed : undefined)}
    />
  );
}
