import type { TicketStatus } from '@eproto/domain';
import { can, TICKET_STATUSES, TICKET_STATUS_LABELS } from '@eproto/domain';
import { Button, Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconHeadset, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { FilterBar, ListView } from '../../../components/list-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useSession } from '../../../lib/session.ts';
import { useTickets } from '../api/get-tickets.ts';
import { NewTicketModal } from '../components/new-ticket-modal.tsx';
import { TicketCard, ticketColumns, ticketPath } from '../components/tickets-list.tsx';
import { subjectOf } from '../../../lib/permission-subject.ts';

const PER_PAGE = 20;
const FILTERS = ['status'] as const;
const STATUS_OPTIONS = [
  { value: 'todos', label: 'Todos' },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
];

/** /ti/help — open tickets to IT and follow them; ti sees every ticket. */
export default function TicketsPage() {
  const { user } = useSession();
  const isTi = can(subjectOf(user), 'support.handle');
  const navigate = useNavigate();
  const filters = useListFilters(FILTERS);
  const status = (filters.values.status as TicketStatus | undefined) ?? 'todos';
  const setStatus = (v: string | null) => filters.set({ status: v === 'todos' ? null : v });
  const [creating, setCreating] = useState(false);
  const query = useTickets({
    status: status === 'todos' ? undefined : status,
    search: filters.search.value || undefined,
    page: filters.page,
    perPage: PER_PAGE,
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Suporte"
        description={
          isTi ? 'Chamados de toda a empresa para a TI.' : 'Seus chamados para a equipe de TI.'
        }
      >
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          Novo chamado
        </Button>
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <FilterBar
            search={filters.search}
            searchLabel="Buscar chamados"
            placeholder="Buscar por assunto, descrição ou número"
          >
            <SegmentedControl
              visibleFrom="sm"
              aria-label="Filtrar por status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
            />
            <Select
              hiddenFrom="sm"
              aria-label="Filtrar por status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={setStatus}
              allowDeselect={false}
              w="100%"
            />
          </FilterBar>
          <ListView
            query={query}
            items={query.data?.items}
            rowKey={(t) => t.id}
            columns={ticketColumns(isTi)}
            card={(t) => <TicketCard t={t} showOpener={isTi} />}
            onOpen={(t) => void navigate(ticketPath(t))}
            cardLink={ticketPath}
            minWidth={760}
            empty={{
              icon: <IconHeadset size={24} />,
              title: 'Nenhum chamado encontrado',
              hint: filters.active
                ? 'Ajuste a busca ou o filtro de status.'
                : 'Precisa de ajuda com acesso, equipamento ou sistema? Abra um chamado.',
            }}
            pagination={{
              page: filters.page,
              perPage: PER_PAGE,
              total: query.data?.total ?? 0,
              onPage: filters.setPage,
            }}
          />
        </Stack>
      </Paper>

      <NewTicketModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
