import {
  idSetHash,
  muralMoveOf,
  type CurrentUser,
  type MuralBoardChanges,
  type MuralMove,
  type MuralSummary,
  type RealtimeChange,
} from '@eproto/domain';
import type { Query, QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SESSION_KEY } from '../../../lib/session-key.ts';
import { muralKeys } from './keys.ts';

/**
 * GET /eproto/murals/summary/changes — the board's cards changed since, and how many are still
 * on it with the fingerprint of their ids; the ids themselves only when `withIds`.
 */
export function getBoardChanges(
  boardId: number,
  since: string,
  withIds = false,
): Promise<MuralBoardChanges> {
  return api.get<MuralBoardChanges>('/eproto/murals/summary/changes', {
    params: { board_id: boardId, updated_since: since, ...(withIds && { with_ids: '1' }) },
  });
}

/**
 * The board's cards with the changes in: changed cards first (newest first, as the board is
 * listed by -updated_at), then the others in their order; with `ids`, cards no longer in them
 * dropped.
 */
export function mergeBoardChanges(
  list: readonly MuralSummary[],
  changes: MuralBoardChanges,
): MuralSummary[] {
  const still = changes.ids ? new Set(changes.ids) : null;
  const changed = new Set(changes.items.map((c) => c.id));
  const kept = list.filter((c) => !changed.has(c.id) && (!still || still.has(c.id)));
  const fresh = changes.items.filter((c) => !still || still.has(c.id));
  return [...fresh, ...kept];
}

/** Whether a merged board holds the very cards the server counted (count and ids_hash). */
export function sameCards(list: readonly MuralSummary[], changes: MuralBoardChanges): boolean {
  return list.length === changes.count && idSetHash(list.map((c) => c.id)) === changes.ids_hash;
}

/**
 * The changes of a board since a version, merged into what the tab shows. The ids still on the
 * board are asked only when the merged cards differ from the server's (a card left the board
 * or the caller's scope): a move within the board costs one changed card, not every id.
 */
async function readPatch(queryClient: QueryClient, boardId: number, since: string) {
  const changes = await getBoardChanges(boardId, since);
  const list = queryClient.getQueryData<MuralSummary[]>(muralKeys.board(boardId));
  if (!list || sameCards(mergeBoardChanges(list, changes), changes)) return changes;
  return getBoardChanges(boardId, since, true);
}

/** Per board being patched: the oldest version still to ask for, while a request is out. */
const pending = new WeakMap<QueryClient, Map<number, string | null>>();

async function patchBoard(queryClient: QueryClient, boardId: number, since: string) {
  const boards = pending.get(queryClient) ?? new Map<number, string | null>();
  pending.set(queryClient, boards);
  if (boards.has(boardId)) {
    const waiting = boards.get(boardId);
    if (!waiting || Date.parse(since) < Date.parse(waiting)) boards.set(boardId, since);
    return;
  }
  boards.set(boardId, null);
  const queryKey = muralKeys.board(boardId);
  let next: string | null = since;
  try {
    while (next) {
      const changes = await readPatch(queryClient, boardId, next);
      queryClient.setQueryData<MuralSummary[]>(queryKey, (list) =>
        list ? mergeBoardChanges(list, changes) : list,
      );
      next = boards.get(boardId) ?? null;
      boards.set(boardId, null);
    }
  } catch {
    // The changes could not be read: the whole board, as before.
    void queryClient.invalidateQueries({ queryKey, exact: true });
  } finally {
    boards.delete(boardId);
  }
}

/** Whether a cached board shows this change already, or cannot be concerned by it. */
function unconcerned(query: Query, change: RealtimeChange & { version: string }) {
  const list = query.state.data as MuralSummary[] | undefined;
  const card = list?.find((c) => c.id === change.id);
  if (card) return Date.parse(card.updated_at) >= Date.parse(change.version);
  return query.queryKey[2] !== change.data?.board_id;
}

/**
 * A demand's card or list row with a kanban move applied from the event alone (MuralMove), or
 * null when the tab cannot: the row is not at the version the move started from (a change was
 * missed), or the person is not known. It turns unread unless this person moved it (isUnread
 * on the server: someone else acted after any visit of theirs).
 */
export function movedSummary(
  row: MuralSummary,
  version: string,
  move: MuralMove,
  me: number | undefined,
): MuralSummary | null {
  if (me === undefined || row.updated_at !== move.from) return null;
  return {
    ...row,
    stage: move.stage,
    inicio_real: move.inicio_real,
    fim_real: move.fim_real,
    atrasada: move.atrasada,
    unread: move.by !== me,
    updated_at: version,
  };
}

/**
 * The board with a kanban move applied (movedSummary), or null when the tab cannot (the card
 * is not on it, or movedSummary cannot). The moved card goes first (its new version: the
 * board lists by -updated_at).
 */
function applyMove(
  list: readonly MuralSummary[],
  id: number,
  version: string,
  move: MuralMove,
  me: number | undefined,
): MuralSummary[] | null {
  const card = list.find((c) => c.id === id);
  const next = card && movedSummary(card, version, move, me);
  if (!next) return null;
  return [next, ...list.filter((c) => c !== card)];
}

/**
 * A demand changed elsewhere ('mural.changed' with its updated_at as `version`): each open
 * board that shows it, or is the board it is on now, asks only what changed since that version
 * and patches its cards (mergeBoardChanges) instead of reading the whole board again; a kanban
 * move (data.move) is applied as it comes (applyMove), and asked only as above when the card is
 * not at the version it moved from. A board
 * that already shows this version (the tab that moved the card) asks nothing; a board kept in
 * the cache but not on screen is only marked stale.
 */
export async function patchBoardsOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  const at = { ...change, version };
  const move = muralMoveOf(change);
  const me = queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id;
  const work: Promise<void>[] = [];
  for (const query of queryClient.getQueryCache().findAll({ queryKey: muralKeys.boardLists })) {
    if (query.state.data === undefined || unconcerned(query, at)) continue;
    if (!query.isActive()) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, refetchType: 'none' });
      continue;
    }
    // A whole read begun before the change would overwrite the patch: read it again instead.
    if (query.state.fetchStatus === 'fetching') {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const boardId = query.queryKey[2] as number;
    // A kanban move carries the card's new state: moved at once, nothing asked (unless a read
    // of this board's changes is out: its answer could be older than the move).
    if (move && !pending.get(queryClient)?.has(boardId)) {
      const list = query.state.data as MuralSummary[];
      const next = applyMove(list, id, version, move, me);
      if (next) {
        queryClient.setQueryData<MuralSummary[]>(query.queryKey, next);
        continue;
      }
    }
    work.push(patchBoard(queryClient, boardId, version));
  }
  await Promise.all(work);
}
