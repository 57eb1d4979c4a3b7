import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  multipart,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

// The same thread rules for every kind of work item: each case runs on a demand and on a task.

let t: TestApp;
let gerente: Person;
let equipe: Person;
let colega: Person;
let membro: Person;
let carlos: Person;
let contractId: number;
let boardId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  colega = await person(t, 'Equipe', 'Ana Souza');
  membro = await person(t, 'Equipe', 'Paula Reis');
  carlos = await person(t, 'Equipe', 'Carlos Mendes');
  const c = await makeContract(t);
  contractId = c.id;
  await linkContract(t, c.id, gerente.user.id, colega.user.id);
  boardId = (await makeBoard(t, { contractId, participants: [membro.user.id] })).id;
});
afterAll(async () => t.close());

interface Kind {
  name: string;
  /** Creates an item; `muralId` is its demand. */
  create(): Promise<{ id: number; muralId: number }>;
  upload: string;
}

const KINDS: Kind[] = [
  {
    name: 'murals',
    upload: 'attachments/upload',
    async create() {
      const m = await makeMural(t, {
        boardId,
        contractId,
        titulo: 'Vistoria do gerador',
        responsavelId: equipe.user.id,
        createdBy: gerente.user.id,
      });
      return { id: m.id, muralId: m.id };
    },
  },
  {
    name: 'protocols',
    upload: 'attachments',
    async create() {
      const m = await makeMural(t, {
        boardId,
        contractId,
        titulo: 'Troca de cabos',
        responsavelId: equipe.user.id,
        createdBy: gerente.user.id,
      });
      const task = await makeTask(t, { muralId: m.id, responsavelId: equipe.user.id });
      return { id: task.id, muralId: m.id };
    },
  },
];

const mentionsOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'mention')));

describe.each(KINDS)('thread of $name', (kind) => {
  const url = (id: number, rest = '') => `/api/eproto/${kind.name}/${id}${rest}`;

  async function upload(as: Person, id: number) {
    const form = multipart({ name: 'notas.txt', data: Buffer.from('medições do dia\n') });
    const res = await t.app.inject({
      method: 'POST',
      url: url(id, `/${kind.upload}`),
      headers: { 'x-requested-with': 'eproto', cookie: as.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; download_url: string }>();
  }

  it('deletes an attachment with a reason kept in history; the file is gone', async () => {
    const item = await kind.create();
    const att = await upload(equipe, item.id);
    const del = url(item.id, `/attachments/${att.id}`);
    const noReason = await equipe.call('DELETE', del, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatch(/motivo/i);
    // someone who sees the item but neither uploaded the file nor manages the demand
    expect((await colega.call('DELETE', del, { reason: 'não precisa' })).statusCode).toBe(403);
    const ok = await equipe.call('DELETE', del, { reason: 'Arquivo errado' });
    expect(ok.statusCode).toBe(200);
    expect((await equipe.call('GET', url(item.id, '/attachments'))).json()).toEqual([]);
    expect((await equipe.call('GET', att.download_url)).statusCode).toBe(404);
    expect((await equipe.call('DELETE', del, { reason: 'de novo' })).statusCode).toBe(404);
    const history = (await equipe.call('GET', url(item.id, '/history'))).json<
      { action: string; texto: string | null; before: Record<string, unknown> | null }[]
    >();
    const removed = history.find((h) => h.action === 'anexo_removido');
    expect(removed).toMatchObject({
      texto: 'Arquivo errado',
      before: { attachment_id: att.id, file_name: 'notas.txt' },
    });
  });

  it('a gestor of the demand deletes anyone’s attachment', async () => {
    const item = await kind.create();
    const att = await upload(equipe, item.id);
    const res = await gerente.call('DELETE', url(item.id, `/attachments/${att.id}`), {
      reason: 'Duplicado',
    });
    expect(res.statusCode).toBe(200);
  });

  it('"@Primeiro" of the only person with that first name notifies them', async () => {
    const item = await kind.create();
    const res = await equipe.call('POST', url(item.id, '/messages'), {
      texto: '@Ana, confere o relatório?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mentions: [colega.user.id], not_notified: [] });
  });

  it('tells the author who was written with "@" but cannot see the item, and lets a gestor add them', async () => {
    const item = await kind.create();
    const before = (await mentionsOf(carlos.user.id)).length;
    const byMember = await membro.call('POST', url(item.id, '/messages'), {
      texto: '@Carlos pode ajudar amanhã?',
    });
    expect(byMember.statusCode).toBe(201);
    expect(byMember.json()).toMatchObject({
      mentions: [],
      not_notified: [{ id: carlos.user.id, nome: 'Carlos Mendes' }],
      can_add_participants: false,
    });
    const msgId = byMember.json<{ id: number }>().id;
    const refused = await membro.call('POST', url(item.id, `/messages/${msgId}/mentions`), {
      user_id: carlos.user.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(await mentionsOf(carlos.user.id)).toHaveLength(before);
    expect((await carlos.call('GET', url(item.id))).statusCode).toBe(404);

    const byGestor = await gerente.call('POST', url(item.id, '/messages'), {
      texto: 'Vejam isso, @Carlos Mendes.',
    });
    expect(byGestor.json()).toMatchObject({ mentions: [], can_add_participants: true });
    const added = await gerente.call('POST', url(item.id, `/messages/${msgId}/mentions`), {
      user_id: carlos.user.id,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().mentions).toEqual([carlos.user.id]);
    const told = await mentionsOf(carlos.user.id);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({ muralId: item.muralId, authorId: membro.user.id });
    expect(told.at(-1)!.texto).toMatch(/^Paula Reis mencionou você .*@Carlos pode ajudar/);
    // now a participant of the demand: sees the item
    const people = await gerente.call('GET', `/api/eproto/murals/${item.muralId}/participants`);
    expect(people.json<{ user_id: number }[]>().map((p) => p.user_id)).toContain(carlos.user.id);
    expect((await carlos.call('GET', url(item.id))).statusCode).toBe(200);
    const listed = await carlos.call('GET', url(item.id, '/messages'));
    expect(listed.json<{ id: number; mentions: number[] }[]>()).toContainEqual(
      expect.objectContaining({ id: msgId, mentions: [carlos.user.id] }),
    );
  });

  it('the mention call answers 404 for a message of another item and 400 for nobody', async () => {
    const a = await kind.create();
    const b = await kind.create();
    const msg = await equipe.call('POST', url(a.id, '/messages'), { texto: 'oi' });
    const other = await gerente.call('POST', url(b.id, `/messages/${msg.json().id}/mentions`), {
      user_id: carlos.user.id,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Mensagem não encontrada.');
    const nobody = await gerente.call('POST', url(a.id, `/messages/${msg.json().id}/mentions`), {
      user_id: 99999999,
    });
    expect(nobody.statusCode).toBe(400);
  });
});
