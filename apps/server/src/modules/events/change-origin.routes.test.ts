import { randomUUID } from 'node:crypto';
import {
  CHANGES_HEADER,
  MURAL_MOVE_KEY,
  muralMoveOf,
  ORIGIN_HEADER,
  parseChangesHeader,
} from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listen, openSse, type SseClient } from '../../../test/sse.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

let t: TestApp;
let base: string;
let gerente: Person;
let colega: Person;
let equipe: Person;
let boardId: number;
let contractId: number;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  colega = await person(t, 'Gerente', 'Marcos Dias');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  const c = await makeContract(t);
  contractId = c.id;
  await linkContract(t, c.id, gerente.user.id, colega.user.id);
  boardId = (await makeBoard(t, { contractId })).id;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function stream(who: Person) {
  const c = await openSse(base, who.cookie);
  open.push(c);
  await c.next((m) => m.type === 'hello');
  return c;
}

const tab = () => randomUUID();

describe('events carry { type, id, version, origin } (X-Origin, X-Changes)', () => {
  it('stamps the writer tab on the event and lists the change in the answer', async () => {
    const m = await makeMural(t, { boardId, contractId, responsavelId: equipe.user.id });
    const mine = await stream(gerente);
    const theirs = await stream(colega);
    const origin = tab();
    const res = await gerente.call(
      'PATCH',
      `/api/eproto/murals/${m.id}/kanban`,
      { stage: 'em_andamento' },
      { [ORIGIN_HEADER]: origin },
    );
    expect(res.statusCode).toBe(200);
    const version = res.json<{ updated_at: string }>().updated_at;
    const isMove = (x: { type: string; id?: number }) =>
      x.type === 'mural.changed' && x.id === m.id;
    const heard = await mine.next(isMove);
    expect(heard).toMatchObject({ id: m.id, origin });
    expect(new Date(heard.version!).getTime()).toBe(new Date(version).getTime());
    // Another person's tab gets the same event, origin and all: only the writer's tab skips it.
    expect(await theirs.next(isMove)).toMatchObject({ id: m.id, origin, version: heard.version });
    const changes = parseChangesHeader(res.headers[CHANGES_HEADER] as string);
    expect(changes).toEqual([
      {
        type: 'mural.changed',
        id: m.id,
        version: heard.version,
        data: { id: m.id, board_id: boardId, [MURAL_MOVE_KEY]: heard.data?.[MURAL_MOVE_KEY] },
      },
    ]);
  });

  it('a card move carries what the card needs to move (MuralMove): no read in the other tabs', async () => {
    const m = await makeMural(t, { boardId, contractId, fimPrevisto: '2020-01-10' });
    const theirs = await stream(colega);
    const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
      stage: 'em_andamento',
    });
    expect(res.statusCode).toBe(200);
    const card = res.json<{ updated_at: string; inicio_real: string | null }>();
    const heard = await theirs.next((x) => x.type === 'mural.changed' && x.id === m.id);
    const move = muralMoveOf(heard);
    expect(move).toEqual({
      stage: 'em_andamento',
      from: m.updatedAt.toISOString(),
      from_stage: 'a_fazer',
      inicio_real: card.inicio_real,
      fim_real: null,
      atrasada: true,
      by: gerente.user.id,
    });
    expect(card.inicio_real).not.toBeNull();
    // Concluded: no longer late, and the real end is the one the move set.
    const done = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
      stage: 'concluido',
    });
    const ended = await theirs.next(
      (x) => x.type === 'mural.changed' && x.id === m.id && x.version !== heard.version,
    );
    expect(muralMoveOf(ended)).toMatchObject({
      stage: 'concluido',
      from: new Date(card.updated_at).toISOString(),
      from_stage: 'em_andamento',
      fim_real: done.json<{ fim_real: string }>().fim_real,
      atrasada: false,
    });
  });

  it("tells the other tabs of a card move before the bell's notification (issue 37 point 5)", async () => {
    const m = await makeMural(t, { boardId, contractId, responsavelId: equipe.user.id });
    const theirs = await stream(equipe);
    const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
      stage: 'em_andamento',
    });
    expect(res.statusCode).toBe(200);
    const first = await theirs.next((x) => x.type === 'mural.changed' || x.type === 'notification');
    expect(first).toMatchObject({ type: 'mural.changed', id: m.id, data: { board_id: boardId } });
    expect(new Date(first.version!).getTime()).toBe(
      new Date(res.json<{ updated_at: string }>().updated_at).getTime(),
    );
    expect(await theirs.next((x) => x.type === 'notification')).toBeTruthy();
  });

  it('lists only what reaches the writer: a notification to someone else is not stamped', async () => {
    const m = await makeMural(t, {
      boardId,
      contractId,
      responsavelId: equipe.user.id,
      createdBy: colega.user.id,
    });
    const theirs = await stream(equipe);
    const origin = tab();
    const res = await gerente.call(
      'PATCH',
      `/api/eproto/murals/${m.id}/kanban`,
      { stage: 'em_andamento' },
      { [ORIGIN_HEADER]: origin },
    );
    expect(res.statusCode).toBe(200);
    const note = await theirs.next((x) => x.type === 'notification');
    expect(note.origin).toBeUndefined();
    const types = parseChangesHeader(res.headers[CHANGES_HEADER] as string).map((c) => c.type);
    expect(types).toEqual(['mural.changed']);
  });

  it('without X-Origin, with a malformed one or with an Idempotency-Key: no origin, no list', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const mine = await stream(gerente);
    const cases: Array<Record<string, string>> = [
      {},
      { [ORIGIN_HEADER]: 'curto' },
      { [ORIGIN_HEADER]: `${'a'.repeat(40)}\u0000` },
      { [ORIGIN_HEADER]: 'x'.repeat(65) },
      { [ORIGIN_HEADER]: tab(), 'idempotency-key': randomUUID() },
    ];
    const stages = ['em_andamento', 'em_revisao', 'a_fazer', 'em_andamento', 'em_revisao'];
    for (const [i, headers] of cases.entries()) {
      const res = await gerente.call(
        'PATCH',
        `/api/eproto/murals/${m.id}/kanban`,
        { stage: stages[i] },
        headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers[CHANGES_HEADER]).toBeUndefined();
    }
    const moves = () => mine.messages.filter((x) => x.type === 'mural.changed' && x.id === m.id);
    await mine.next(() => moves().length === cases.length);
    expect(moves().map((x) => x.origin)).toEqual(cases.map(() => undefined));
  });

  it('reads stay unstamped: a GET with X-Origin answers no X-Changes', async () => {
    const res = await gerente.call(
      'GET',
      `/api/eproto/murals/summary?board_id=${boardId}`,
      undefined,
      {
        [ORIGIN_HEADER]: tab(),
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers[CHANGES_HEADER]).toBeUndefined();
  });
});
