import type { ContractStatus } from '@eproto/domain';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES } from '@eproto/domain';
import { CloseButton, Group, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { TextInput } from '../../../components/text-fields.tsx';

interface Props {
  search: string;
  onSearch: (q: string) => void;
  status: ContractStatus | null;
  onStatus: (s: ContractStatus | null) => void;
}

/** Search by code, name or client, and the status filter. */
export function ContractsToolbar({ search, onSearch, status, onStatus }: Props) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        aria-label="Buscar contratos"
        placeholder="Buscar por código, nome ou cliente"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        rightSection={
          search ? (
            <CloseButton size="sm" aria-label="Limpar busca" onClick={() => onSearch('')} />
          ) : null
        }
        flex="1 1 260px"
        maw={{ sm: 420 }}
      />
      <SegmentedControl
        w={{ base: '100%', sm: 'auto' }}
        fullWidth
        size={phone ? 'xs' : 'sm'}
        aria-label="Status"
        value={status ?? 'todos'}
        onChange={(v) => onStatus(v === 'todos' ? null : v)}
        data={[
          { value: 'todos', label: 'Todos' },
          ...CONTRACT_STATUSES.map((s) => ({ value: s, label: `${CONTRACT_STATUS_LABELS[s]}s` })),
        ]}
      />
    </Group>
  );
}
