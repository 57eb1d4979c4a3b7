import '@mantine/dates/styles.css';

import type { ActivityFilter } from '@eproto/domain';
import { ACTIVITY_FILTERS } from '@eproto/domain';
import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

import { useUserOptions } from '../api/search-users.ts';

export interface ActivityFilterValues {
  userId: string | null;
  action: ActivityFilter | null;
  period: [string | null, string | null];
}

interface Props {
  value: ActivityFilterValues;
  onChange: (value: ActivityFilterValues) => void;
}

/** Who (searchable), which kind of action and which period (dd/mm/aaaa). */
export function ActivityFilters({ value, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const users = useUserOptions(debounced);
  const [selectedLabel, setSelectedLabel] = useState<{ value: string; label: string } | null>(null);
  const options = users.data ?? [];
  const data =
    selectedLabel && !options.some((o) => o.value === selectedLabel.value)
      ? [selectedLabel, ...options]
      : options;

  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 1 }}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Usuário"
          placeholder="Todos"
          data={data}
          value={value.userId}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: o }) => o}
          onChange={(v, option) => {
            setSelectedLabel(v ? option : null);
            onChange({ ...value, userId: v });
          }}
          nothingFoundMessage={users.isFetching ? 'Carregando...' : 'Ninguém encontrado'}
          flex="1 1 240px"
        />
        <Select
          label="Ação"
          placeholder="Todas"
          data={ACTIVITY_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          value={value.action}
          onChange={(v) => onChange({ ...value, action: v })}
          clearable
          flex="1 1 200px"
        />
        <DatePickerInput
          type="range"
          label="Período"
          placeholder="Qualquer data"
          valueFormat="DD/MM/YYYY"
          value={value.period}
          onChange={(period) => onChange({ ...value, period })}
          leftSection={<IconCalendar size={16} />}
          clearable
          allowSingleDateInRange
          maxDate={new Date()}
          flex="1 1 240px"
        />
      </Group>
    </DatesProvider>
  );
}
