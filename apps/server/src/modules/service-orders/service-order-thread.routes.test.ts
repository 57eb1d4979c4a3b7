import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeContract,
  multipart,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { at, FULL_TEMPLATE } from './os-test-kit.ts';

// The OS as the third kind of work item: its "Conversa" runs on the shared thread module.

let t: TestApp;
let coord: Person;
let tecnico: Person;
let ajudante: Person;
let outra: Person;
let gerenteB: Person;
let contractId: number;
let tipoId: number;

beforeAll(async () => {
  t = await createTestApp();
  coord = await person(t, 'Coordenador', 'Rita Coordenadora');
  tecnico = await person(t, 'Equipe de Campo', 'Tiago Técnico');
  ajudante = await person(t, 'Equipe de Campo', 'Hugo Ajudante');
  outra = await person(t, 'Equipe de Campo', 'Olga Outra');
  gerenteB = await person(t, 'Gerente', 'Bruno Gerente');
  contractId = (await makeContract(t, { nome: 'Clima Paulista' })).id;
  await linkContract(t, contractId, coord.user.id, tecnico.user.id, outra.user.id);
  // gerenteB manages another contract only
  await linkContract(t, (await makeContract(t, { nome: 'Rede Sul' })).id, gerenteB.user.id);
  const tipo = await coord.call('POST', '/api/tatico/os/tipos', FULL_TEMPLATE);
  expect(tipo.statusCode, tipo.body).toBe(201);
  tipoId = tipo.json<{ id: number }>().id;
});
afterAll(async () => t.close());

async function newOs(team = [tecnico.user.id, ajudante.user.id]) {
  const res = await coord.call('POST', '/api/tatico/os', {
    contract_id: contractId,
    service_type_id: tipoId,
    local: 'Shopping Norte, casa de máquinas',
    previsto_inicio: at(8, 1),
    previsto_fim: at(12, 1),
    pessoas: team,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; codigo: string }>();
}

const url = (id: number | string, rest = '') => `/api/tatico/os/${id}${rest}`;

const mentionsOf = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'mention')));

async function upload(as: Person, id: number) {
  const form = multipart({ name: 'laudo.txt', data: Buffer.from('pressão 120 psi\n') });
  const res = await t.app.inject({
    method: 'POST',
    url: url(id, '/attachments'),
    headers: { 'x-requested-with': 'eproto', cookie: as.cookie, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; download_url: string; service_order_id: number }>();
}

describe('OS conversation (work-item thread)', () => {
  it('a technician posts a message the coordinator reads; a mention notifies with a link to the OS', async () => {
    const os = await newOs();
    const before = (await mentionsOf(coord.user.id)).length;
    const posted = await tecnico.call('POST', url(os.id, '/messages'), {
      texto: '@Rita Coordenadora o compressor está sem gás.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({
      service_order_id: os.id,
      mentions: [coord.user.id],
      not_notified: [],
      can_add_participants: false,
    });
    const read = await coord.call('GET', url(os.id, '/messages'));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([
      expect.objectContaining({
        texto: '@Rita Coordenadora o compressor está sem gás.',
        author_id: tecnico.user.id,
      }),
    ]);
    const told = await mentionsOf(coord.user.id);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({
      authorId: tecnico.user.id,
      muralId: null,
      protocolId: null,
      link: `/tatico/agenda/os/${os.id}?aba=conversa`,
    });
    expect(told.at(-1)!.texto).toBe(
      `Tiago Técnico mencionou você na ${os.codigo}: @Rita Coordenadora o compressor está sem gás.`,
    );
  });

  it('mentionables are the team and the contract’s gestores; others written with "@" are named back', async () => {
    const os = await newOs();
    const people = await tecnico.call('GET', url(os.id, '/mentionables'));
    expect(
      people
        .json<{ id: number }[]>()
        .map((p) => p.id)
        .sort(),
    ).toEqual([coord.user.id, tecnico.user.id, ajudante.user.id].sort());
    const res = await tecnico.call('POST', url(os.id, '/messages'), {
      texto: '@Olga Outra você vem amanhã?',
    });
    expect(res.json()).toMatchObject({
      mentions: [],
      not_notified: [{ id: outra.user.id, nome: 'Olga Outra' }],
    });
    expect(await mentionsOf(outra.user.id)).toHaveLength(0);
  });

  it('deletes an attachment with a reason kept in history; only the uploader or a gestor may', async () => {
    const os = await newOs();
    const att = await upload(tecnico, os.id);
    expect(att.download_url).toBe(url(os.id, `/attachments/${att.id}/download`));
    const download = await coord.call('GET', att.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('pressão 120 psi\n');
    const del = url(os.id, `/attachments/${att.id}`);
    const noReason = await tecnico.call('DELETE', del, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatch(/motivo/i);
    expect((await ajudante.call('DELETE', del, { reason: 'não é meu' })).statusCode).toBe(403);
    expect(
      (await tecnico.call('DELETE', del, { reason: 'Foto do quadro errado' })).statusCode,
    ).toBe(200);
    expect((await coord.call('GET', url(os.id, '/attachments'))).json()).toEqual([]);
    expect((await coord.call('GET', att.download_url)).statusCode).toBe(404);
    const history = (await coord.call('GET', url(os.id, '/history'))).json<
      { action: string; texto: string | null; author_id: number | null; before: unknown }[]
    >();
    expect(history.find((h) => h.action === 'anexo_removido')).toMatchObject({
      texto: 'Foto do quadro errado',
      author_id: tecnico.user.id,
      before: { attachment_id: att.id, file_name: 'laudo.txt' },
    });
    // a gestor of the contract deletes anyone's file
    const other = await upload(ajudante, os.id);
    const byCoord = await coord.call('DELETE', url(os.id, `/attachments/${other.id}`), {
      reason: 'Duplicado',
    });
    expect(byCoord.statusCode).toBe(200);
  });

  it('equipe not on the OS, and a gestor of another contract, get 404 on every thread path', async () => {
    const os = await newOs();
    const att = await upload(tecnico, os.id);
    for (const p of [outra, gerenteB]) {
      expect((await p.call('GET', url(os.id, '/messages'))).statusCode).toBe(404);
      expect((await p.call('POST', url(os.id, '/messages'), { texto: 'oi' })).statusCode).toBe(404);
      expect((await p.call('GET', url(os.id, '/attachments'))).statusCode).toBe(404);
      expect((await p.call('GET', att.download_url)).statusCode).toBe(404);
      const del = await p.call('DELETE', url(os.id, `/attachments/${att.id}`), {
        reason: 'Não é deste serviço',
      });
      expect(del.statusCode).toBe(404);
      expect((await p.call('GET', url(os.id, '/history'))).statusCode).toBe(404);
    }
    // someone taken off the team loses the thread too
    const removed = await coord.call('DELETE', url(os.id, `/equipe/${ajudante.user.id}`));
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await ajudante.call('GET', url(os.id, '/messages'))).statusCode).toBe(404);
  });

  it('hostile ids answer 400, never 500', async () => {
    const os = await newOs();
    for (const id of ['0', '-1', '0x10', '1e1', '2147483648', 'abc']) {
      const res = await tecnico.call('GET', url(id, '/messages'));
      expect(res.statusCode, id).toBe(400);
    }
    for (const attId of ['0', '99999999999', '1.5']) {
      const res = await tecnico.call('DELETE', url(os.id, `/attachments/${attId}`), {
        reason: 'Arquivo errado',
      });
      expect(res.statusCode, attId).toBe(400);
    }
    const longText = await tecnico.call('POST', url(os.id, '/messages'), {
      texto: 'a'.repeat(100_000),
    });
    expect(longText.statusCode).toBe(400);
    expect(longText.json().error).toMatch(/[a-zá-ú]/i);
  });
});
