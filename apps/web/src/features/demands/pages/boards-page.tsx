import type { Board, MuralSummary, Stage } from '@eproto/domain';
import { can, countOf, DEFAULT_TIME_ZONE, todayIn } from '@eproto/domain';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLayoutKanban, IconPencil, IconPlus, IconUsers } from '@tabler/icons-react';
import {
  lazy,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';

import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { useBoard } from '../api/get-board.ts';
import { useBoardCounts } from '../api/get-board-counts.ts';
import { useBoardMurals } from '../api/get-board-murals.ts';
import { useBoards } from '../api/get-boards.ts';
import { useContractAccess } from '../../../components/pickers/contract-access.ts';
import { useMoveMural } from '../api/move-mural.ts';
import { BoardPicker } from '../components/board-picker.tsx';
import { DemandSlotsContext } from '../components/demand-slots.ts';
import { KanbanBoard } from '../components/kanban-board.tsx';
import { KanbanFiltersBar } from '../components/kanban-filters-bar.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import type { KanbanFilters } from '../utils/kanban-filters.ts';
import { columnsOf, EMPTY_FILTERS, responsaveisOf } from '../utils/kanban-filters.ts';
import { readLastBoard, rememberBoard } from '../utils/last-board.ts';
import { subjectOf } from '../../../lib/permission-subject.ts';

// The forms (zod, react-hook-form, Select, the date field): "Nova demanda", editing a demand and
// the board's form load at their first opening, not before the board paints (issue 33), and
// stay mounted after it for the closing animation.
const MuralFormModal = lazy(() =>
  import('../components/mural-form-modal.tsx').then((m) => ({ default: m.MuralFormModal })),
);
const EditMuralModal = lazy(() =>
  import('../components/edit-mural-modal.tsx').then((m) => ({ default: m.EditMuralModal })),
);
const BoardFormModal = lazy(() =>
  import('../components/board-form-modal.tsx').then((m) => ({ default: m.BoardFormModal })),
);

function validId(v: string | null): number | null {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The board in the URL, else the last one opened here, else the first. */
function chooseBoard(boards: Board[], fromUrl: string | null, last: number | null): number | null {
  const ids = boards.map((b) => b.id);
  const wanted = [Number(fromUrl), last];
  return wanted.find((id) => id !== null && ids.includes(id)) ?? ids[0] ?? null;
}

type BoardModal = { board: Board | null } | null;

/** /eproto/quadros — Gestão de Demandas: board picker and kanban by stage. */
export default function BoardsPage() {
  const { user } = useSession();
  const manager = can(subjectOf(user), 'demands.manage');
  const boards = useBoards();
  const contracts = useContractAccess();
  const [params, setParams] = useSearchParams();
  const [lastBoard] = useState(readLastBoard);
  // Until the board list arrives, start loading the board named in the URL (or the last one
  // opened here) so both requests run side by side.
  const boardId = boards.data
    ? chooseBoard(boards.data, params.get('quadro'), lastBoard)
    : (validId(params.get('quadro')) ?? lastBoard);
  // The list counts the demands of every board (the costlier call in a large company): the
  // board shown comes on its own meanwhile, so the kanban does not wait for the list.
  const alone = useBoard(boards.data ? null : boardId);
  const board =
    (boards.data
      ? boards.data.find((b) => b.id === boardId)
      : alone.data?.id === boardId
        ? alone.data
        : null) ?? null;
  const murals = useBoardMurals(boardId);
  const counts = useBoardCounts(boardId);
  const [filters, setFilters] = useState<KanbanFilters>(EMPTY_FILTERS);
  const q = useDeferredValue(filters.q);
  const [boardModal, setBoardModal] = useState<BoardModal>(null);
  const [creating, setCreating] = useState<Stage | null>(null);
  const [formUsed, setFormUsed] = useState(false);
  if (creating !== null && !formUsed) setFormUsed(true);
  const [boardFormUsed, setBoardFormUsed] = useState(false);
  if (boardModal !== null && !boardFormUsed) setBoardFormUsed(true);
  const [editing, setEditing] = useState<number | null>(null);
  const [editUsed, setEditUsed] = useState(false);
  if (editing !== null && !editUsed) setEditUsed(true);
  const move = useMoveMural();
  const slots = useContext(DemandSlotsContext);

  const shownId = board?.id ?? null;
  useEffect(() => {
    if (shownId !== null) rememberBoard(shownId);
  }, [shownId]);

  const selectBoard = (id: number) => {
    setParams({ quadro: String(id) }, { replace: true });
    setFilters(EMPTY_FILTERS);
  };

  // Intl formatters are costly to build; "today" is read once per visit of the page.
  const [today] = useState(() => todayIn(DEFAULT_TIME_ZONE));
  const columns = useMemo(
    () => columnsOf(murals.data ?? [], { ...filters, q }, today),
    [murals.data, filters, q, today],
  );
  const people = useMemo(() => responsaveisOf(murals.data ?? []), [murals.data]);
  const shown = Object.values(columns).reduce((n, c) => n + c.length, 0);

  const { mutate } = move;
  const onMove = useCallback(
    (m: MuralSummary, stage: Stage) => mutate({ id: m.id, stage, titulo: m.titulo }),
    [mutate],
  );
  const onEdit = useCallback((m: MuralSummary) => setEditing(m.id), []);

  return (
    <Stack gap="md">
      <PageHeader
        title="Gestão de Demandas"
        description="Arraste os cartões entre as etapas para atualizar o andamento."
      >
        {manager && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconLayoutKanban size={18} />}
              onClick={() => setBoardModal({ board: null })}
            >
              Novo quadro
            </Button>
            {board && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating('a_fazer')}>
                Nova demanda
              </Button>
            )}
          </Group>
        )}
      </PageHeader>

      {!board && boards.isPending ? (
        <ListLoading rows={3} height={52} />
      ) : !board && boards.isError ? (
        <ListError message={boards.error.message} onRetry={() => void boards.refetch()} />
      ) : !board ? (
        <Paper withBorder radius="lg" p="lg">
          <ListEmpty
            icon={<IconLayoutKanban size={24} />}
            title="Nenhum quadro por aqui"
            hint={
              manager
                ? 'Crie o primeiro quadro para organizar as demandas da equipe.'
                : 'Você ainda não participa de nenhum quadro. Peça ao seu gestor para incluí-lo.'
            }
            action={
              manager && (
                <Button mt="xs" onClick={() => setBoardModal({ board: null })}>
                  Criar quadro
                </Button>
              )
            }
          />
        </Paper>
      ) : (
        <>
          <Group gap="sm" wrap="wrap" align="center">
            <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
              <BoardPicker boards={boards.data ?? [board]} value={boardId} onChange={selectBoard} />
              {board.can_edit && (
                <HintTooltip label="Editar quadro">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Editar quadro"
                    onClick={() => setBoardModal({ board })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </HintTooltip>
              )}
            </Group>
            <Group gap={6} c="dimmed" wrap="nowrap">
              <IconUsers size={16} />
              <Text size="sm">
                {countOf(board.participantes, 'participante', 'participantes')}
                {board.contract_nome ? ` · ${board.contract_nome}` : ''}
              </Text>
            </Group>
            {slots.boardActions?.(board.id)}
          </Group>
          <KanbanFiltersBar
            value={filters}
            onChange={setFilters}
            people={people}
            contracts={contracts.data?.contracts ?? []}
          />
          {murals.isPending ? (
            <ListLoading rows={4} height={96} />
          ) : murals.isError ? (
            <ListError message={murals.error.message} onRetry={() => void murals.refetch()} />
          ) : (
            <>
              {murals.data.length > 0 && shown === 0 && (
                <Text size="sm" c="dimmed">
                  Nenhuma demanda corresponde aos filtros.{' '}
                  <Text
                    component="button"
                    type="button"
                    c="brand"
                    size="sm"
                    onClick={() => setFilters(EMPTY_FILTERS)}
                    style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                  >
                    Limpar filtros
                  </Text>
                </Text>
              )}
              <KanbanBoard
                boardContractId={board.contract_id}
                columns={columns}
                counts={counts.data}
                onMove={onMove}
                onEdit={manager ? onEdit : undefined}
                onCreate={manager ? setCreating : undefined}
              />
            </>
          )}
        </>
      )}

      {boardFormUsed && (
        <Suspense fallback={null}>
          <BoardFormModal
            opened={boardModal !== null}
            board={boardModal?.board ?? null}
            onClose={() => setBoardModal(null)}
            onSaved={(saved) => {
              if (saved) selectBoard(saved.id);
              else setParams({}, { replace: true });
            }}
          />
        </Suspense>
      )}
      {formUsed && (
        <Suspense fallback={null}>
          <MuralFormModal
            opened={creating !== null}
            mural={null}
            boardId={boardId}
            stage={creating ?? 'a_fazer'}
            onClose={() => setCreating(null)}
          />
        </Suspense>
      )}
      {editUsed && (
        <Suspense fallback={null}>
          <EditMuralModal id={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
