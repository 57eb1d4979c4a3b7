import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  muralAttachments,
  muralHistory,
  muralMessages,
  notifications,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
  TINY_PNG,
  type Person,
} from './murals.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let colega: Person;
let outsider: Person;
let contractId: number;
let boardId: number;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  colega = await person(t, 'Equipe', 'Ana Souza');
  outsider = await person(t, 'Equipe', 'Bruno Oliveira');
  const c = await makeContract(t);
  contractId = c.id;
  await linkContract(t, c.id, gerente.user.id, colega.user.id);
  boardId = (await makeBoard(t, { contractId })).id;
});
afterAll(async () => t.close());

const newMural = () =>
  makeMural(t, {
    boardId,
    contractId,
    titulo: 'Vistoria do gerador',
    responsavelId: equipe.user.id,
    createdBy: gerente.user.id,
  });
const notesOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const historyOf = (id: number) =>
  t.database.db.select().from(muralHistory).where(eq(muralHistory.muralId, id));

describe('messages and mentions', () => {
  it('posts a message, and "@Nome" notifies the mentioned person (type mention)', async () => {
    const m = await newMural();
    const before = (await notesOf(colega.user.id)).length;
    const res = await equipe.call('POST', `/api/eproto/murals/${m.id}/messages`, {
      texto: 'Gerador ok. @ana souza pode conferir o relatório?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      texto: 'Gerador ok. @ana souza pode conferir o relatório?',
      author_id: equipe.user.id,
      author_nome: 'João Pereira',
      mentions: [colega.user.id],
    });
    const notes = await notesOf(colega.user.id);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toMatchObject({
      type: 'mention',
      muralId: m.id,
      authorId: equipe.user.id,
    });
    const list = await colega.call('GET', `/api/eproto/murals/${m.id}/messages`);
    expect(list.json()).toHaveLength(1);
    // the bell of the mentioned person counts it
    const bell = await colega.call('GET', '/api/eproto/notifications');
    expect(bell.json().unread).toBeGreaterThan(0);
  });

  it('mentions by id only people who can see the demand', async () => {
    const m = await newMural();
    const res = await equipe.call('POST', `/api/eproto/murals/${m.id}/messages`, {
      texto: 'Avisando a equipe',
      mentions: [gerente.user.id, outsider.user.id],
    });
    expect(res.json().mentions).toEqual([gerente.user.id]);
    expect((await notesOf(outsider.user.id)).some((n) => n.type === 'mention')).toBe(false);
  });

  it('lists mentionables: the people linked to the demand, not outsiders', async () => {
    const m = await newMural();
    const res = await equipe.call('GET', `/api/eproto/murals/${m.id}/mentionables`);
    const ids = res.json<{ id: number }[]>().map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([gerente.user.id, equipe.user.id, colega.user.id]));
    expect(ids).not.toContain(outsider.user.id);
  });

  it('refuses an empty message with 400 and writes nothing', async () => {
    const m = await newMural();
    const res = await equipe.call('POST', `/api/eproto/murals/${m.id}/messages`, { texto: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Escreva a mensagem/);
    const rows = await t.database.db
      .select()
      .from(muralMessages)
      .where(eq(muralMessages.muralId, m.id));
    expect(rows).toHaveLength(0);
  });
});

describe('attachments', () => {
  it('uploads with display_name, lists, downloads as attachment with nosniff', async () => {
    const m = await newMural();
    const form = multipart(
      { name: 'foto-geral.png', data: TINY_PNG, type: 'text/html' },
      {
        display_name: 'Foto do painel',
      },
    );
    const up = await equipe.call(
      'POST',
      `/api/eproto/murals/${m.id}/attachments/upload`,
      undefined,
      form.headers,
    );
    // inject needs the raw payload
    expect(up.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${m.id}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const att = res.json();
    expect(att).toMatchObject({
      display_name: 'Foto do painel',
      file_name: 'foto-geral.png',
      mime_type: 'image/png',
      size: TINY_PNG.length,
    });
    const list = await colega.call('GET', `/api/eproto/murals/${m.id}/attachments`);
    expect(list.json()).toHaveLength(1);
    const dl = await colega.call('GET', att.download_url);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="foto-geral.png"/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.rawPayload.equals(TINY_PNG)).toBe(true);
    const notes = await notesOf(gerente.user.id);
    expect(notes.some((n) => n.type === 'attachment' && n.muralId === m.id)).toBe(true);
  });

  it('strips control and bidirectional characters from the stored and downloaded name', async () => {
    const m = await newMural();
    const upload = (file: { name: string; data: Buffer }, fields: Record<string, string> = {}) => {
      const form = multipart(file, fields);
      return t.app.inject({
        method: 'POST',
        url: `/api/eproto/murals/${m.id}/attachments/upload`,
        headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...form.headers },
        payload: form.payload,
      });
    };
    const res = await upload({ name: 'nota\u202Egnp.exe\u0000\u0007', data: TINY_PNG });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ file_name: 'notagnp.exe', display_name: 'notagnp.exe' });
    const dl = await colega.call('GET', res.json<{ download_url: string }>().download_url);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="notagnp.exe"/);
    expect(dl.headers['content-disposition']).not.toMatch(/%E2%80%AE|%00/);

    const nul = await upload({ name: 'foto.png', data: TINY_PNG }, { display_name: 'Foto\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      error: 'Texto com caractere inválido.',
      field: 'display_name',
    });
    const bidi = await upload(
      { name: 'foto.png', data: TINY_PNG },
      { display_name: 'Foto\u202E gpj' },
    );
    expect(bidi.json()).toMatchObject({ display_name: 'Foto gpj' });
    const rows = await t.database.db
      .select()
      .from(muralAttachments)
      .where(eq(muralAttachments.muralId, m.id));
    expect(rows.map((r) => r.displayName).sort()).toEqual(['Foto gpj', 'notagnp.exe']);
  });

  it('refuses a file whose bytes are not an accepted type (415) and too large files (413)', async () => {
    const m = await newMural();
    const exe = multipart({
      name: 'relatorio.pdf',
      data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]),
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${m.id}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...exe.headers },
      payload: exe.payload,
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().error).toMatch(/Tipo de arquivo não permitido/);
    const big = multipart({ name: 'grande.txt', data: Buffer.alloc(1_100_000, 0x61) });
    const tooBig = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${m.id}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const empty = multipart(null, { display_name: 'sem arquivo' });
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${m.id}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(muralAttachments)
      .where(eq(muralAttachments.muralId, m.id));
    expect(rows).toHaveLength(0);
  });

  it('deletes with a reason kept in history; the file is gone', async () => {
    const m = await newMural();
    const form = multipart({ name: 'notas.txt', data: Buffer.from('medições do dia\n') });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${m.id}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...form.headers },
      payload: form.payload,
    });
    const att = up.json();
    expect(att.mime_type).toBe('text/plain');
    const noReason = await equipe.call(
      'DELETE',
      `/api/eproto/murals/${m.id}/attachments/${att.id}`,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatch(/motivo/i);
    const colegaTry = await colega.call(
      'DELETE',
      `/api/eproto/murals/${m.id}/attachments/${att.id}`,
      {
        reason: 'não é meu',
      },
    );
    expect(colegaTry.statusCode).toBe(403);
    const del = await equipe.call('DELETE', `/api/eproto/murals/${m.id}/attachments/${att.id}`, {
      reason: 'Arquivo errado, enviado por engano',
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await equipe.call('GET', `/api/eproto/murals/${m.id}/attachments`)).json(),
    ).toHaveLength(0);
    expect((await equipe.call('GET', att.download_url)).statusCode).toBe(404);
    const removed = (await historyOf(m.id)).find((h) => h.action === 'anexo_removido');
    expect(removed).toMatchObject({
      authorId: equipe.user.id,
      texto: 'Arquivo errado, enviado por engano',
      before: { attachment_id: att.id, display_name: 'notas.txt' },
    });
    const hist = await gerente.call('GET', `/api/eproto/murals/${m.id}/history`);
    expect(hist.json()[0]).toMatchObject({
      action: 'anexo_removido',
      texto: 'Arquivo errado, enviado por engano',
    });
  });
});

describe('a user outside the contract gets 404 everywhere', () => {
  it('read, list, messages, upload, download, history, participants, visualizado, counts', async () => {
    const m = await newMural();
    const form = multipart({ name: 'a.png', data: TINY_PNG });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${m.id}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: equipe.cookie, ...form.headers },
      payload: form.payload,
    });
    const att = up.json();
    const base = `/api/eproto/murals/${m.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/messages`],
      ['POST', `${base}/messages`, { texto: 'olá' }],
      ['GET', `${base}/mentionables`],
      ['GET', `${base}/attachments`],
      ['GET', att.download_url],
      ['DELETE', `${base}/attachments/${att.id}`, { reason: 'motivo qualquer' }],
      ['GET', `${base}/history`],
      ['POST', `${base}/history`, { texto: 'nota' }],
      ['GET', `${base}/participants`],
      ['POST', `${base}/participants`, { user_id: outsider.user.id }],
      ['PATCH', `${base}/visualizado`],
      ['PATCH', `${base}/kanban`, { stage: 'concluido' }],
      ['PATCH', base, { titulo: 'Invasão' }],
      ['GET', `${base}/tasks`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await outsider.call(method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const upOut = await t.app.inject({
      method: 'POST',
      url: `${base}/attachments/upload`,
      headers: { 'x-requested-with': 'eproto', cookie: outsider.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(upOut.statusCode).toBe(404);
    const list = await outsider.call('GET', '/api/eproto/murals/summary?perPage=1000');
    expect(list.json<{ id: number }[]>().some((x) => x.id === m.id)).toBe(false);
    const counts = await outsider.call('GET', `/api/eproto/murals/counts?ids=${m.id}`);
    expect(counts.json()).toEqual([]);
  });
});

describe('history and participants', () => {
  it('adds a note to the history and lists newest first', async () => {
    const m = await newMural();
    const res = await equipe.call('POST', `/api/eproto/murals/${m.id}/history`, {
      texto: 'Cliente pediu adiamento',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({
      action: 'nota',
      texto: 'Cliente pediu adiamento',
      author_nome: 'João Pereira',
    });
  });

  it('adds and removes participants (gestor or responsável), with history; others 403', async () => {
    const m = await newMural();
    const add = await equipe.call('POST', `/api/eproto/murals/${m.id}/participants`, {
      user_id: outsider.user.id,
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject([
      { user_id: outsider.user.id, user: { nome: 'Bruno Oliveira' } },
    ]);
    // the new participant now sees it
    expect((await outsider.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(200);
    expect(
      (
        await equipe.call('POST', `/api/eproto/murals/${m.id}/participants`, {
          user_id: outsider.user.id,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await colega.call('POST', `/api/eproto/murals/${m.id}/participants`, {
          user_id: colega.user.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await equipe.call('POST', `/api/eproto/murals/${m.id}/participants`, { user_id: 'abc' }))
        .statusCode,
    ).toBe(400);
    const del = await gerente.call(
      'DELETE',
      `/api/eproto/murals/${m.id}/participants/${outsider.user.id}`,
    );
    expect(del.statusCode).toBe(200);
    expect((await outsider.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(404);
    const actions = (await historyOf(m.id)).map((h) => h.action);
    expect(actions).toEqual(
      expect.arrayContaining(['participante_adicionado', 'participante_removido']),
    );
  });
});
