import type { MuralSortField } from '@eproto/domain';
import { can, countOf } from '@eproto/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { useBoards } from '../api/get-boards.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useMuralsSummary } from '../api/get-murals-summary.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { MuralsListFilters } from '../components/murals-list-filters.tsx';
import { MuralsTable } from '../components/murals-table.tsx';
import type { ListState } from '../utils/list-params.ts';
import {
  hasFilters,
  LIST_PAGE_SIZE,
  readListState,
  toggleSort,
  toSummaryQuery,
  writeListState,
} from '../utils/list-params.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';

// The "Nova demanda" form (its schemas and pickers) downloads when a gestor opens it: most who
// open the list never create a demand from it (issue 33).
const MuralFormModal = lazy(() =>
  import('../components/mural-form-modal.tsx').then((m) => ({ default: m.MuralFormModal })),
);

const Pagination = lazy(() => import('../components/murals-pagination.tsx'));

/** /eproto/murals — every demand the user can see, paginated, sortable and filterable. */
export default function MuralsPage() {
  const { user } = useSession();
  const manager = can(subjectOf(user), 'demands.manage');
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const [search, setSearch] = useState(state.q);
  const [creating, setCreating] = useState(false);
  // The form mounts at its first use and stays (its closing transition).
  const [formUsed, setFormUsed] = useState(false);
  const navigate = useNavigate();
  const boards = useBoards();
  const contracts = useContractAccess();
  const list = useMuralsSummary(toSummaryQuery(state));

  const apply = (patch: Partial<ListState>) =>
    setParams(writeListState({ ...state, page: 1, ...patch }), { replace: true });
  const applySearch = useDebouncedCallback((q: string) => apply({ q }), 300);
  const onSearch = (q: string) => {
    setSearch(q);
    applySearch(q);
  };
  const clear = () => {
    setSearch('');
    setParams(writeListState({ ...readListState(new URLSearchParams()), sort: state.sort }));
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Demandas"
        description="Todas as demandas que você acompanha, com etapa, prazo e responsável."
      >
        {manager && (
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => {
              setFormUsed(true);
              setCreating(true);
            }}
          >
            Nova demanda
          </Button>
        )}
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <MuralsListFilters
            state={state}
            search={search}
            onSearch={onSearch}
            onChange={apply}
            onClear={clear}
            boards={boards.data ?? []}
            contracts={contracts.data?.contracts ?? []}
            meId={user?.id ?? null}
          />
          {list.isPending ? (
            <ListLoading rows={8} height={52} />
          ) : list.isError ? (
            <ListError message={list.error.message} onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <ListEmpty
              icon={<IconClipboardList size={24} />}
              title="Nenhuma demanda encontrada"
              hint={
                hasFilters(state)
                  ? 'Ajuste a busca ou os filtros para ver mais demandas.'
                  : 'Quando você participar de uma demanda, ela aparece aqui.'
              }
            />
          ) : (
            <MuralsTable
              murals={list.data.items}
              sort={state.sort}
              onSort={(field: MuralSortField) => apply({ sort: toggleSort(state.sort, field) })}
            />
          )}
          {total > 0 && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {countOf(total, 'demanda', 'demandas')}
              </Text>
              {pages > 1 && (
                <Suspense fallback={null}>
                  <Pagination
                    total={pages}
                    value={Math.min(state.page, pages)}
                    onChange={(page) => setParams(writeListState({ ...state, page }))}
                    size="sm"
                    siblings={1}
                    boundaries={1}
                  />
                </Suspense>
              )}
            </Group>
          )}
        </Stack>
      </Paper>

      {formUsed && (
        <Suspense fallback={null}>
          <MuralFormModal
            opened={creating}
            mural={null}
            boardId={state.boardId}
            onClose={() => setCreating(false)}
            onSaved={(m) => void navigate(`/eproto/murals/${m.id}`)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
