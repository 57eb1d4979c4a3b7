import { inArray } from 'drizzle-orm';
import { idSetHash } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from './murals.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let boardA: number;
let boardA2: number;
const ids = { moved: 0, away: 0, theirs: 0 };
const OLD = new Date('2026-01-05T12:00:00Z');
const SINCE = '2026-02-01T00:00:00-03:00';

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe de Campo');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id);
  boardA = (await makeBoard(t, { contractId: c.id })).id;
  boardA2 = (await makeBoard(t, { contractId: c.id })).id;
  const on = { boardId: boardA, contractId: c.id };
  ids.moved = (await makeMural(t, { ...on, titulo: 'Trocar lâmpadas' })).id;
  ids.away = (await makeMural(t, { ...on, titulo: 'Pintar a fachada' })).id;
  ids.theirs = (await makeMural(t, { ...on, responsavelId: equipe.user.id })).id;
  // Every card last changed long before SINCE.
  await t.database.db
    .update(murals)
    .set({ updatedAt: OLD })
    .where(inArray(murals.id, Object.values(ids)));
});
afterAll(async () => t.close());

interface Changes {
  items: Array<{ id: number; stage: string; board_id: number; updated_at: string }>;
  cursor: string;
  count: number;
  ids_hash: string;
  ids?: number[];
}

const changes = async (who: Person, query: string) => {
  const res = await who.call('GET', `/api/eproto/murals/summary/changes?${query}`);
  return res;
};
/** The changes of a board with its ids (`with_ids=1`), checked against count and ids_hash. */
const board = async (who: Person, id: number, since = SINCE) => {
  const query = `board_id=${id}&updated_since=${encodeURIComponent(since)}`;
  const res = await changes(who, `${query}&with_ids=1`);
  expect(res.statusCode).toBe(200);
  const answer = res.json<Required<Changes>>();
  expect(answer.count).toBe(answer.ids.length);
  expect(answer.ids_hash).toBe(idSetHash(answer.ids));
  // Without with_ids: the same answer, the ids left out.
  const { ids: _ids, ...rest } = answer;
  const lean = await changes(who, query);
  expect({ ...lean.json<Changes>(), cursor: rest.cursor }).toEqual(rest);
  return answer;
};

describe('GET /api/eproto/murals/summary/changes', () => {
  it('answers no card but every id when nothing changed since, with the next cursor', async () => {
    const before = Date.now();
    const answer = await board(gerente, boardA);
    expect(answer.items).toEqual([]);
    expect([...answer.ids].sort((a, b) => a - b)).toEqual(Object.values(ids));
    // Taken before reading, less the overlap (sync.ts): a write racing the read comes again.
    expect(new Date(answer.cursor).getTime()).toBeLessThanOrEqual(before);
    expect(new Date(answer.cursor).getTime()).toBeGreaterThan(before - 60_000);
  });

  it('answers the moved card as the summary shows it, and drops a card moved to another board', async () => {
    const moved = await gerente.call('PATCH', `/api/eproto/murals/${ids.moved}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    const away = await gerente.call('PATCH', `/api/eproto/murals/${ids.away}`, {
      board_id: boardA2,
    });
    expect(away.statusCode).toBe(200);

    const answer = await board(gerente, boardA);
    expect(answer.items.map((c) => [c.id, c.stage, c.board_id])).toEqual([
      [ids.moved, 'em_andamento', boardA],
    ]);
    expect(answer.items[0]!.updated_at).toBe(moved.json<{ updated_at: string }>().updated_at);
    expect([...answer.ids].sort((a, b) => a - b)).toEqual([ids.moved, ids.theirs]);
    // The same card, byte for byte, as the full board lists it.
    const full = await gerente.call('GET', `/api/eproto/murals/summary?board_id=${boardA}`);
    expect(full.json<Changes['items']>().find((c) => c.id === ids.moved)).toEqual(answer.items[0]);
    // The other board now has it.
    const other = await board(gerente, boardA2);
    expect(other.items.map((c) => c.id)).toEqual([ids.away]);
    // Asked from the answer's cursor, the same changes do not come again... unless recent.
    const later = await board(gerente, boardA, new Date(Date.now() + 60_000).toISOString());
    expect(later.items).toEqual([]);
  });

  it("keeps to the caller's scope: someone linked to one card sees that card only", async () => {
    const answer = await board(equipe, boardA);
    expect(answer.ids).toEqual([ids.theirs]);
    expect(answer.items).toEqual([]);
  });

  it('refuses a moment without its zone and a missing board in Portuguese (400)', async () => {
    const noZone = await changes(gerente, `board_id=${boardA}&updated_since=2026-03-10T08:30:00`);
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json<{ error: string }>().error).toContain('updated_since');
    const noBoard = await changes(gerente, `updated_since=${encodeURIComponent(SINCE)}`);
    expect(noBoard.statusCode).toBe(400);
    expect(noBoard.json<{ error: string }>().error).toBe('Informe o quadro.');
    const flag = await changes(
      gerente,
      `board_id=${boardA}&updated_since=${encodeURIComponent(SINCE)}&with_ids=0x10`,
    );
    expect(flag.statusCode).toBe(400);
    const huge = await changes(
      gerente,
      `board_id=2147483648&updated_since=${encodeURIComponent(SINCE)}`,
    );
    expect(huge.statusCode).toBe(400);
  });

  it('costs the server under 20 KB for a move seen in 20 tabs of a 1,000-card board', async () => {
    const c = await makeContract(t);
    await linkContract(t, c.id, gerente.user.id);
    const big = (await makeBoard(t, { contractId: c.id })).id;
    const rows = await t.database.db
      .insert(murals)
      .values(
        Array.from({ length: 1_000 }, (_, i) => ({
          titulo: `Revisar o quadro elétrico do bloco ${i + 1}`,
          boardId: big,
          contractId: c.id,
          stage: 'a_fazer' as const,
          prioridade: 'media' as const,
          updatedAt: OLD,
        })),
      )
      .returning({ id: murals.id });
    const card = rows[500]!.id;
    const moved = await gerente.call('PATCH', `/api/eproto/murals/${card}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    const version = moved.json<{ updated_at: string }>().updated_at;
    // Each of 20 other tabs asks what changed since the event's version, as the web does.
    const query = `board_id=${big}&updated_since=${encodeURIComponent(version)}`;
    let bytes = 0;
    for (let tab = 0; tab < 20; tab++) {
      const res = await changes(gerente, query);
      expect(res.statusCode).toBe(200);
      expect(res.json<Changes>()).toMatchObject({ count: 1_000, items: [{ id: card }] });
      bytes += res.rawPayload.length;
    }
    expect(bytes).toBeLessThan(20_000);
    // The ids it no longer sends: ~4 KB per tab, ~100 KB for the 20.
    const withIds = await changes(gerente, `${query}&with_ids=1`);
    expect(withIds.rawPayload.length - bytes / 20).toBeGreaterThan(3_000);
    console.log(
      `20 abas, 1.000 cartões: ${bytes} bytes (com ids: ${withIds.rawPayload.length * 20})`,
    );
  });
});
