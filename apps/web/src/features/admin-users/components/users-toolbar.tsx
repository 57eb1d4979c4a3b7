import type { Role } from '@eproto/domain';
import { ROLE_LABELS, ROLES, USER_STATUS_FILTERS } from '@eproto/domain';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TextInput } from '../../../components/text-fields.tsx';

export type StatusFilter = (typeof USER_STATUS_FILTERS)[number];

const STATUS_LABELS: Record<StatusFilter, string> = {
  ativos: 'Ativos',
  inativos: 'Inativos',
  todos: 'Todos',
};

interface Props {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  role: Role | null;
  onRole: (value: Role | null) => void;
}

/** Search by name, e-mail or role title; filter by status and role. */
export function UsersToolbar(p: Props) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        placeholder="Buscar por nome, e-mail ou papel"
        aria-label="Buscar usuários"
        leftSection={<IconSearch size={16} />}
        value={p.search}
        onChange={(e) => p.onSearch(e.currentTarget.value)}
        flex="1 1 260px"
      />
      <Select
        aria-label="Filtrar por papel"
        placeholder="Todos os papéis"
        data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        value={p.role}
        onChange={(v) => p.onRole(v)}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <SegmentedControl
        aria-label="Filtrar por status"
        data={USER_STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        value={p.status}
        onChange={(v) => p.onStatus(v)}
      />
    </Group>
  );
}
