import { OS_STATUS_LABELS, OS_STATUSES } from '@eproto/domain';
import { Group, Select, SimpleGrid, Switch } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import type { OsFilters } from '../api/get-service-orders.ts';
import { useServiceTypes } from '../api/get-service-types.ts';
import { TextInput } from '../../../components/text-fields.tsx';
import { ContractSelect } from '../../../components/pickers/contract-select.tsx';
import { PersonSelect } from '../../../components/pickers/people-select.tsx';

const num = (v: string | null) => (v ? Number(v) : undefined);
const str = (v: number | undefined) => (v === undefined ? null : String(v));

/** Status, contract, technician, service type, period, late only and a search. */
export function OsFiltersBar({
  value,
  onChange,
}: {
  value: OsFilters;
  onChange: (next: OsFilters) => void;
}) {
  const types = useServiceTypes();
  const set = (patch: Partial<OsFilters>) => onChange({ ...value, ...patch, page: 1 });

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="Buscar"
          placeholder="Número da OS ou local"
          leftSection={<IconSearch size={16} />}
          value={value.q ?? ''}
          maxLength={80}
          onChange={(e) => set({ q: e.currentTarget.value || undefined })}
        />
        <Select
          label="Situação"
          placeholder="Todas"
          clearable
          data={OS_STATUSES.map((s) => ({ value: s, label: OS_STATUS_LABELS[s] }))}
          value={value.status ?? null}
          onChange={(v) => set({ status: v ?? undefined })}
        />
        <ContractSelect
          label="Contrato"
          placeholder="Todos"
          clearable
          value={str(value.contract_id)}
          onChange={(v) => set({ contract_id: num(v) })}
        />
        <PersonSelect
          label="Técnico"
          placeholder="Todos"
          clearable
          value={str(value.pessoa_id)}
          onChange={(v) => set({ pessoa_id: num(v) })}
        />
        <Select
          label="Tipo de serviço"
          placeholder="Todos"
          clearable
          searchable
          data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.nome }))}
          value={str(value.service_type_id)}
          onChange={(v) => set({ service_type_id: num(v) })}
        />
        <DateField
          label="De"
          clearable
          value={value.de ?? null}
          onChange={(v) => {
            if (v === null || isValidDate(v)) set({ de: v ?? undefined });
          }}
        />
        <DateField
          label="Até"
          clearable
          value={value.ate ?? null}
          onChange={(v) => {
            if (v === null || isValidDate(v)) set({ ate: v ?? undefined });
          }}
        />
        <Group align="flex-end" pb={6}>
          <Switch
            label="Só atrasadas"
            size="md"
            checked={value.atrasadas === 'true'}
            onChange={(e) => set({ atrasadas: e.currentTarget.checked ? 'true' : undefined })}
          />
        </Group>
      </SimpleGrid>
    </>
  );
}
