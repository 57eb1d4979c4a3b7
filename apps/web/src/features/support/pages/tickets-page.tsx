import type { TicketStatus } from '@eproto/domain';
import { TICKET_STATUSES, TICKET_STATUS_LABELS } from '@eproto/domain';
import {
  Alert,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconHeadset, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import { useTickets } from '../api/get-tickets.ts';
import { NewTicketModal } from '../components/new-ticket-modal.tsx';
import { TicketsList } from '../components/tickets-list.tsx';

const PER_PAGE = 20;
type StatusFilter = TicketStatus | 'todos';
const STATUS_OPTIONS = [
  { value: 'todos', label: 'Todos' },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
];

/** /ti/help — open tickets to IT and follow them; ti sees every ticket. */
export default function TicketsPage() {
  const { user } = useSession();
  const isTi = user?.type === 'ti';
  const [status, setStatus] = useState<StatusFilter>('todos');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const query = useTickets({
    status: status === 'todos' ? undefined : status,
    search: debounced || undefined,
    page,
    perPage: PER_PAGE,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const filtered = status !== 'todos' || debounced !== '';
  const changeStatus = (next: StatusFilter) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Suporte
          </Title>
          <Text c="dimmed" size="sm">
            {isTi ? 'Chamados de toda a empresa para a TI.' : 'Seus chamados para a equipe de TI.'}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          Novo chamado
        </Button>
      </Group>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <TextInput
              placeholder="Buscar por assunto, descrição ou número"
              aria-label="Buscar chamados"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              flex="1 1 240px"
            />
            <SegmentedControl
              visibleFrom="sm"
              aria-label="Filtrar por status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => changeStatus(v as StatusFilter)}
            />
            <Select
              hiddenFrom="sm"
              aria-label="Filtrar por status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => changeStatus((v ?? 'todos') as StatusFilter)}
              allowDeselect={false}
              w="100%"
            />
          </Group>
          {query.isPending ? (
            <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando...">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={56} radius="md" />
              ))}
            </Stack>
          ) : query.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Erro ao carregar"
            >
              <Text size="sm" mb="sm">
                {query.error.message}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                Tentar novamente
              </Button>
            </Alert>
          ) : data && data.items.length === 0 ? (
            <Center py={48}>
              <Stack align="center" gap="xs" maw={380}>
                <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                  <IconHeadset size={24} />
                </ThemeIcon>
                <Text fw={600}>Nenhum chamado encontrado</Text>
                <Text size="sm" c="dimmed" ta="center">
                  {filtered
                    ? 'Ajuste a busca ou o filtro de status.'
                    : 'Precisa de ajuda com acesso, equipamento ou sistema? Abra um chamado.'}
                </Text>
              </Stack>
            </Center>
          ) : (
            data && <TicketsList tickets={data.items} showOpener={isTi} />
          )}
          {data && pages > 1 && (
            <Group justify="flex-end">
              <Pagination total={pages} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Paper>

      <NewTicketModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
