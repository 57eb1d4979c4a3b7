import type { ProtocolListQuery, ProtocolSummary, Stage } from '@eproto/domain';
import { Button, Group, Pagination, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLayoutKanban, IconList, IconListCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useProtocols } from '../api/get-protocols.ts';
import { useMoveProtocol } from '../api/move-protocol.ts';
import { ProtocolFormModal } from '../components/protocol-form-modal.tsx';
import {
  DEFAULT_FILTERS,
  ProtocolsFilters,
  type ProtocolFilters,
} from '../components/protocols-filters.tsx';
import { ProtocolsKanban } from '../components/protocols-kanban.tsx';
import { ProtocolsTable } from '../components/protocols-table.tsx';

const PER_PAGE = 30;
/** The kanban loads one large page: every open task of the filter fits on the board. */
const KANBAN_SIZE = 500;

type View = 'lista' | 'kanban';

/** /eproto/protocols — every task the caller sees, as a list or a kanban, with filters. */
export default function ProtocolsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('ver') === 'kanban' ? 'kanban' : 'lista';
  const [filters, setFilters] = useState<ProtocolFilters>(DEFAULT_FILTERS);
  const [q] = useDebouncedValue(filters.q.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const kanban = view === 'kanban';
  const query: ProtocolListQuery = {
    q: q || undefined,
    contract_id: filters.contractId ? Number(filters.contractId) : undefined,
    responsavel_id: filters.responsavelId ? Number(filters.responsavelId) : undefined,
    stage: !kanban && filters.stages.length ? filters.stages : undefined,
    late: filters.late || undefined,
    page: kanban ? 1 : page,
    perPage: kanban ? KANBAN_SIZE : PER_PAGE,
    sort: 'fim_previsto',
  };
  const list = useProtocols(query);
  const move = useMoveProtocol();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  const filtered =
    q !== '' ||
    !!filters.contractId ||
    !!filters.responsavelId ||
    filters.late ||
    filters.stages.length > 0;

  const onMove = (task: ProtocolSummary, stage: Stage) =>
    move.mutate({ id: task.id, stage, titulo: task.titulo });

  return (
    <Stack gap="lg">
      <PageHeader title="Tarefas" description="Todas as tarefas das demandas que você acompanha.">
        <Group gap="sm">
          <SegmentedControl
            aria-label="Visualização"
            value={view}
            onChange={(v) => {
              setParams(v === 'kanban' ? { ver: 'kanban' } : {}, { replace: true });
              setPage(1);
            }}
            data={[
              {
                value: 'lista',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconList size={16} /> Lista
                  </Group>
                ),
              },
              {
                value: 'kanban',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconLayoutKanban size={16} /> Kanban
                  </Group>
                ),
              },
            ]}
          />
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            Nova tarefa
          </Button>
        </Group>
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ProtocolsFilters
            value={filters}
            onChange={(f) => {
              setFilters(f);
              setPage(1);
            }}
            showStages={!kanban}
          />
          {list.isPending ? (
            <ListLoading rows={kanban ? 3 : 6} />
          ) : list.isError ? (
            <ListError message={list.error.message} onRetry={() => void list.refetch()} />
          ) : data && data.items.length === 0 ? (
            <ListEmpty
              icon={<IconListCheck size={24} />}
              title="Nenhuma tarefa encontrada"
              hint={
                filtered
                  ? 'Ajuste a busca ou os filtros.'
                  : 'As tarefas criadas nas demandas aparecem aqui.'
              }
            />
          ) : data && kanban ? (
            <>
              <ProtocolsKanban tasks={data.items} onMove={onMove} />
              {data.total > data.items.length && (
                <Text size="xs" c="dimmed">
                  Mostrando {data.items.length} de {data.total} tarefas. Use os filtros para ver as
                  demais.
                </Text>
              )}
            </>
          ) : (
            data && <ProtocolsTable tasks={data.items} />
          )}
          {data && !kanban && pages > 1 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {data.total} tarefas
              </Text>
              <Pagination total={pages} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Paper>

      <ProtocolFormModal
        opened={creating}
        task={null}
        onClose={(created) => {
          setCreating(false);
          if (created) void navigate(`/eproto/protocols/${created.id}`);
        }}
      />
    </Stack>
  );
}
