import { eq } from 'drizzle-orm';
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
let boardId: number;
let muralId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  const contract = await makeContract(t);
  await linkContract(t, contract.id, gerente.user.id);
  boardId = (await makeBoard(t, { contractId: contract.id })).id;
  muralId = (await makeMural(t, { boardId, contractId: contract.id, titulo: 'Antes' })).id;
});
afterAll(async () => t.close());

const board = () => gerente.call('GET', `/api/eproto/murals/summary?board_id=${boardId}`);
const titleOnBoard = async () => (await board()).json<{ titulo: string }[]>()[0]!.titulo;
const titleOnPage = async () =>
  (await gerente.call('GET', `/api/eproto/murals/${muralId}`)).json<{ titulo: string }>().titulo;
/** A change written by another node, which this node hears of only through the bus. */
const renameElsewhere = (titulo: string) =>
  t.database.db.update(murals).set({ titulo }).where(eq(murals.id, muralId));

describe('demand reads kept per person between events', () => {
  it('keeps the board and the demand page until a demand event, ignoring chat and bell events', async () => {
    const first = await board();
    expect(await titleOnPage()).toBe('Antes');
    await renameElsewhere('Depois');
    const again = await gerente.call(
      'GET',
      `/api/eproto/murals/summary?board_id=${boardId}`,
      undefined,
      {
        'if-none-match': first.headers.etag as string,
      },
    );
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['x-total-count']).toBe('1');
    await t.events.publish({ type: 'chat.message', userIds: [gerente.user.id] });
    await t.events.publish({ type: 'notification', userIds: [gerente.user.id] });
    expect(await titleOnBoard()).toBe('Antes');
    expect(await titleOnPage()).toBe('Antes');

    await t.events.publish({
      type: 'mural.changed',
      userIds: [gerente.user.id],
      data: { id: muralId },
    });
    const fresh = await board();
    expect(fresh.json<{ titulo: string }[]>()[0]!.titulo).toBe('Depois');
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    expect(await titleOnPage()).toBe('Depois');
  });

  it('shows a move made through the API at once on the board and the demand page', async () => {
    expect((await board()).json<{ stage: string }[]>()[0]!.stage).toBe('a_fazer');
    const moved = await gerente.call('PATCH', `/api/eproto/murals/${muralId}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    expect((await board()).json<{ stage: string }[]>()[0]!.stage).toBe('em_andamento');
    const page = (await gerente.call('GET', `/api/eproto/murals/${muralId}`)).json<{
      stage: string;
      permissions: { move: boolean };
    }>();
    expect(page.stage).toBe('em_andamento');
    expect(page.permissions.move).toBe(true);
  });

  it('answers an event type it does not list by dropping what it kept (safe default)', async () => {
    await titleOnBoard();
    await renameElsewhere('Terceiro');
    await t.events.publish({ type: 'reviews.changed' });
    expect(await titleOnBoard()).toBe('Terceiro');
  });
});
