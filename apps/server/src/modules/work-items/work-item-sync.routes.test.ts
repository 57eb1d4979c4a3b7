import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralMessages, protocolMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

// GET /api/eproto/{murals,protocols}/:id/messages?updated_since= : the phone keeps the thread of
// its recent demands and tasks and asks only for what was posted or changed since.

let t: TestApp;
let gerente: Person;
let equipe: Person;
let carlos: Person;
let boardId: number;
let contractId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  carlos = await person(t, 'Equipe', 'Carlos Mendes');
  contractId = (await makeContract(t)).id;
  await linkContract(t, contractId, gerente.user.id);
  boardId = (await makeBoard(t, { contractId })).id;
});
afterAll(async () => t.close());

const demand = () =>
  makeMural(t, {
    boardId,
    contractId,
    titulo: 'Vistoria do gerador',
    responsavelId: equipe.user.id,
    createdBy: gerente.user.id,
  });

const KINDS = [
  { name: 'murals', table: muralMessages, create: async () => (await demand()).id },
  {
    name: 'protocols',
    table: protocolMessages,
    create: async () =>
      (await makeTask(t, { muralId: (await demand()).id, responsavelId: equipe.user.id })).id,
  },
] as const;

interface Message {
  id: number;
  texto: string;
  mentions: number[];
  created_at: string;
  updated_at?: string;
}

describe.each(KINDS)('updated_since on the $name thread', (kind) => {
  const url = (id: number, rest = '') => `/api/eproto/${kind.name}/${id}${rest}`;
  const post = async (as: Person, id: number, texto: string) => {
    const res = await as.call('POST', url(id, '/messages'), { texto });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Message>().id;
  };

  it('answers the messages posted or changed after the cursor, not the older ones', async () => {
    const id = await kind.create();
    const old = await post(equipe, id, 'Cheguei ao local.');
    const mentioned = await post(gerente, id, '@Carlos Mendes, confere o quadro?');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.database.db
      .update(kind.table)
      .set({ createdAt: hourAgo, updatedAt: hourAgo })
      .where(inArray(kind.table.id, [old, mentioned]));
    const cursor = new Date(Date.now() - 60_000).toISOString();

    const full = (await equipe.call('GET', url(id, '/messages'))).json<Message[]>();
    expect(full.map((m) => m.id)).toEqual([old, mentioned]);
    expect(full[0]!.updated_at).toBe(hourAgo.toISOString());
    const none = await equipe.call('GET', url(id, `/messages?${cursorParam(cursor)}`));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    const fresh = await post(equipe, id, 'Quadro desligado, pode liberar.');
    const added = await gerente.call('POST', url(id, `/messages/${mentioned}/mentions`), {
      user_id: carlos.user.id,
    });
    expect(added.statusCode, added.body).toBe(200);

    const delta = (await equipe.call('GET', url(id, `/messages?${cursorParam(cursor)}`))).json<
      Message[]
    >();
    expect(delta.map((m) => [m.id, m.mentions])).toEqual([
      [mentioned, [carlos.user.id]],
      [fresh, []],
    ]);
    expect(Date.parse(delta[0]!.updated_at!)).toBeGreaterThan(Date.parse(cursor));
  });

  it('someone who cannot see the item gets 404 with a cursor too', async () => {
    const id = await kind.create();
    const res = await carlos.call(
      'GET',
      url(id, `/messages?${cursorParam(new Date().toISOString())}`),
    );
    expect(res.statusCode).toBe(404);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const id = await kind.create();
    const res = await equipe.call('GET', url(id, `/messages?${cursorParam(value)}`));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});
