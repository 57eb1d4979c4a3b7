import type { Contract, UserContract } from '@eproto/domain';
import {
  ActionIcon,
  Avatar,
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { formatDate } from '../../../lib/dates.ts';
import { useContractLinks } from '../api/get-user-contracts.ts';
import { useLinkUser } from '../api/link-user.ts';
import { useUserSearch } from '../../../components/pickers/user-search.ts';
import { useUnlinkUser } from '../api/unlink-user.ts';
import { ListError, ListLoading } from '../../../components/list-states.tsx';

function AddPerson({ contract, linkedIds }: { contract: Contract; linkedIds: number[] }) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = useUserSearch(debounced, { enabled: opened });
  const link = useLinkUser();
  const data = (users.data ?? [])
    .filter((u) => !linkedIds.includes(u.id))
    .map((u) => ({ value: String(u.id), label: `${u.nome} (${u.rawType})` }));

  const submit = () => {
    if (!picked) return;
    link.mutate(
      { user_id: Number(picked), contract_id: contract.id },
      {
        onSuccess: () => {
          setPicked(null);
          setSearch('');
        },
      },
    );
  };

  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Select
        label="Vincular pessoa"
        placeholder="Buscar por nome ou e-mail"
        data={data}
        value={picked}
        onChange={setPicked}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        filter={({ options }) => options}
        nothingFoundMessage={users.isFetching ? 'Carregando...' : 'Ninguém encontrado'}
        flex={1}
        comboboxProps={{ withinPortal: true }}
      />
      <Button
        leftSection={<IconUserPlus size={16} />}
        onClick={submit}
        disabled={!picked}
        loading={link.isPending}
      >
        Vincular
      </Button>
    </Group>
  );
}

/** Who is linked to a contract (they see its demands, boards and chat room); ti adds and removes. */
export function ContractPeopleDrawer({
  contract,
  onClose,
}: {
  contract: Contract | null;
  onClose: () => void;
}) {
  const links = useContractLinks(contract?.id ?? null);
  const unlink = useUnlinkUser();

  const confirm = (link: UserContract) =>
    modals.openConfirmModal({
      title: 'Desvincular pessoa',
      children: `${link.user.nome} deixará de ver as demandas e quadros do contrato ${link.contract.codigo} (exceto onde participa diretamente).`,
      labels: { confirm: 'Desvincular', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => unlink.mutate(link),
    });

  return (
    <Drawer
      opened={contract !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={contract ? `Pessoas do contrato ${contract.codigo}` : ''}
    >
      {contract && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {contract.nome} · {contract.cliente}
          </Text>
          <AddPerson contract={contract} linkedIds={(links.data ?? []).map((l) => l.user_id)} />
          {links.isPending ? (
            <ListLoading rows={4} height={48} />
          ) : links.isError ? (
            <ListError message={links.error.message} onRetry={() => void links.refetch()} />
          ) : links.data.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              Ninguém vinculado a este contrato ainda.
            </Text>
          ) : (
            <Stack gap="xs" aria-label="Pessoas vinculadas">
              {links.data.map((l) => (
                <Paper key={l.id} withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <Avatar src={l.user.avatar} name={l.user.nome} color="initials" radius="xl" />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate="end">
                          {l.user.nome}
                        </Text>
                        <Text size="xs" c="dimmed" truncate="end">
                          {l.user.rawType} · {l.user.email} · desde {formatDate(l.created_at)}
                        </Text>
                      </div>
                    </Group>
                    <Tooltip label="Desvincular">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => confirm(l)}
                        aria-label={`Desvincular ${l.user.nome}`}
                      >
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
