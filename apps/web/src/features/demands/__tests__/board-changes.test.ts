import { idSetHash, type MuralBoardChanges, type MuralSummary } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { muralSummary } from '../../../test/mural-summary.ts';
import { onScreen, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { mergeBoardChanges, patchBoardsOnChange } = await import('../api/get-board-changes.ts');
const { muralKeys } = await import('../api/keys.ts');
const { SESSION_KEY } = await import('../../../lib/session-key.ts');

function card(id: number, over: Partial<MuralSummary> = {}): MuralSummary {
  return muralSummary({
    id,
    board_id: 7,
    board_nome: 'Manutenção',
    created_at: V1,
    updated_at: V1,
    ...over,
  });
}

/** Board 7 cached (and on screen unless `hidden`). */
const boardOnScreen = (list: MuralSummary[], { hidden = false, boardId = 7 } = {}) =>
  onScreen(muralKeys.board(boardId), list, { hidden });

/** A server answer without ids: how many cards are still on the board and their fingerprint. */
function onBoard(items: MuralSummary[], ids: number[], cursor = V2): MuralBoardChanges {
  return { items, count: ids.length, ids_hash: idSetHash(ids), cursor };
}

const moved = { type: 'mural.changed' as const, id: 2, version: V2, data: { id: 2, board_id: 7 } };

afterEach(() => vi.clearAllMocks());

describe('mergeBoardChanges', () => {
  it('puts changed cards first, keeps the others in order, drops those no longer on the board', () => {
    const list = [card(1), card(2), card(3), card(4)];
    const changes: MuralBoardChanges = {
      ...onBoard([card(3, { stage: 'concluido', updated_at: V2 })], [1, 3, 4]),
      ids: [1, 3, 4],
    };
    const merged = mergeBoardChanges(list, changes);
    expect(merged.map((c) => [c.id, c.stage])).toEqual([
      [3, 'concluido'],
      [1, 'a_fazer'],
      [4, 'a_fazer'],
    ]);
    expect(merged[1]).toBe(list[0]);
  });
});

describe('patchBoardsOnChange', () => {
  it('asks only the changes since the event version and patches the one card', async () => {
    const { client, data } = boardOnScreen([card(1), card(2), card(3)]);
    get.mockResolvedValue(onBoard([card(2, { stage: 'em_andamento', updated_at: V2 })], [1, 2, 3]));
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchBoardsOnChange(client, moved);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/murals/summary/changes', {
      params: { board_id: 7, updated_since: V2 },
    });
    expect(data().map((c) => [c.id, c.stage])).toEqual([
      [2, 'em_andamento'],
      [1, 'a_fazer'],
      [3, 'a_fazer'],
    ]);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('asks nothing when the board already shows that version (the tab that moved it)', async () => {
    const { client } = boardOnScreen([card(1), card(2, { updated_at: V2 })]);
    await patchBoardsOnChange(client, moved);
    expect(get).not.toHaveBeenCalled();
  });

  it('asks nothing for a board that neither shows the card nor is its board', async () => {
    const { client } = boardOnScreen([card(1, { board_id: 9 })], { boardId: 9 });
    await patchBoardsOnChange(client, moved);
    expect(get).not.toHaveBeenCalled();
  });

  it('a card that arrived on the board from another one comes in', async () => {
    const { client, data } = boardOnScreen([card(1)]);
    get.mockResolvedValue(onBoard([card(2, { updated_at: V2 })], [1, 2]));
    await patchBoardsOnChange(client, moved);
    expect(data().map((c) => c.id)).toEqual([2, 1]);
  });

  it('asks the ids only when the merged cards differ from the board: a card moved away', async () => {
    const { client, data } = boardOnScreen([card(1), card(2), card(3)]);
    // Card 3 went to another board: the answer counts 2 cards where the tab still has 3.
    get.mockResolvedValueOnce(onBoard([card(2, { updated_at: V2 })], [1, 2]));
    get.mockResolvedValueOnce({ ...onBoard([card(2, { updated_at: V2 })], [1, 2]), ids: [1, 2] });
    await patchBoardsOnChange(client, moved);
    expect(get.mock.calls.map(([, o]) => o?.params)).toEqual([
      { board_id: 7, updated_since: V2 },
      { board_id: 7, updated_since: V2, with_ids: '1' },
    ]);
    expect(data().map((c) => c.id)).toEqual([2, 1]);
  });

  it('a board kept but not on screen is only marked stale', async () => {
    const { client } = boardOnScreen([card(2)], { hidden: true });
    await patchBoardsOnChange(client, moved);
    expect(get).not.toHaveBeenCalled();
    expect(client.getQueryState(muralKeys.board(7))?.isInvalidated).toBe(true);
  });

  it('reads the whole board again when the changes cannot be read', async () => {
    const { client } = boardOnScreen([card(2)]);
    get.mockRejectedValue(new Error('Sem conexão'));
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchBoardsOnChange(client, moved);
    expect(refetch).toHaveBeenCalledWith({ queryKey: muralKeys.board(7), exact: true });
  });

  it('one request at a time per board: moves heard meanwhile are asked once, from the oldest', async () => {
    const { client } = boardOnScreen([card(1), card(2), card(3)]);
    let answer: (v: MuralBoardChanges) => void = () => undefined;
    get.mockImplementationOnce(() => new Promise((ok) => (answer = ok)));
    get.mockResolvedValue(onBoard([], [1, 2, 3]));
    const first = patchBoardsOnChange(client, moved);
    const V3 = '2026-11-29T10:07:00.000Z';
    const V4 = '2026-11-29T10:06:00.000Z';
    await patchBoardsOnChange(client, { ...moved, id: 3, version: V3 });
    await patchBoardsOnChange(client, { ...moved, id: 1, version: V4 });
    answer(onBoard([], [1, 2, 3]));
    await first;
    expect(get.mock.calls.map(([, o]) => o?.params?.updated_since)).toEqual([V2, V4]);
  });

  describe('a kanban move carried by the event (data.move)', () => {
    const move = {
      stage: 'em_revisao',
      from: V1,
      inicio_real: '2026-11-29',
      fim_real: null,
      atrasada: false,
      by: 8,
    };
    const event = { ...moved, data: { id: 2, board_id: 7, move } };
    const signedIn = (client: QueryClient, id = 5) =>
      client.setQueryData(SESSION_KEY, { id, email: 'd@x', nome: 'D', type: 'diretor' });

    it('moves the card at once, asking nothing: first in the list, unread for the others', async () => {
      const { client, data } = boardOnScreen([card(1), card(2), card(3)]);
      signedIn(client);
      const refetch = vi.spyOn(client, 'invalidateQueries');
      await patchBoardsOnChange(client, event);
      expect(get).not.toHaveBeenCalled();
      expect(refetch).not.toHaveBeenCalled();
      expect(data().map((c) => [c.id, c.stage])).toEqual([
        [2, 'em_revisao'],
        [1, 'a_fazer'],
        [3, 'a_fazer'],
      ]);
      expect(data()[0]).toMatchObject({
        updated_at: V2,
        inicio_real: '2026-11-29',
        fim_real: null,
        atrasada: false,
        unread: true,
      });
    });

    it("the mover's other tab: the card stays read", async () => {
      const { client, data } = boardOnScreen([card(1), card(2)]);
      signedIn(client, 8);
      await patchBoardsOnChange(client, event);
      expect(get).not.toHaveBeenCalled();
      expect(data()[0]).toMatchObject({ id: 2, stage: 'em_revisao', unread: false });
    });

    it('a card at another version missed a change: the changes are asked, as before', async () => {
      const V0 = '2026-11-29T09:00:00.000Z';
      const { client, data } = boardOnScreen([card(1), card(2, { updated_at: V0 })]);
      signedIn(client);
      get.mockResolvedValue(onBoard([card(2, { stage: 'em_revisao', updated_at: V2 })], [1, 2]));
      await patchBoardsOnChange(client, event);
      expect(get).toHaveBeenCalledTimes(1);
      expect(data().map((c) => [c.id, c.stage])).toEqual([
        [2, 'em_revisao'],
        [1, 'a_fazer'],
      ]);
    });

    it('a malformed move is not applied: the changes are asked', async () => {
      const { client } = boardOnScreen([card(1), card(2)]);
      signedIn(client);
      get.mockResolvedValue(onBoard([card(2, { updated_at: V2 })], [1, 2]));
      await patchBoardsOnChange(client, {
        ...event,
        data: { id: 2, move: { ...move, stage: 'x' } },
      });
      expect(get).toHaveBeenCalledTimes(1);
    });
  });
});
