import { CHAT_MESSAGE_MAX, CHAT_PREVIEW_CHARS, rolesFor, ROLES, type Role } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { createSecondNode, listen, openSse } from '../../../test/sse.ts';
import { caller, contractWith, PNG_1X1, signedIn } from './chat-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
});
afterAll(async () => t.close());

const TITLE: Record<Role, string> = {
  ti: 'TI',
  administrador: 'Administrador',
  financeiro: 'Financeiro',
  coordenador: 'Coordenador',
  gerente: 'Gerente',
  diretoria: 'Diretor de Operações',
  equipe: 'Equipe de Campo',
};

async function person(role: Role, nome?: string) {
  const { user, cookie } = await signedIn(t, TITLE[role], { nome });
  return { user, cookie, api: caller(t, cookie) };
}

function recordEvents() {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => seen.push(e));
  return { seen, stop };
}

describe('chat permissions by role (route-access table)', () => {
  const allowed = rolesFor('/operacional/chat');
  for (const role of ROLES) {
    const expected = allowed.includes(role) ? 200 : 403;
    it(`${role} -> GET /api/chat/contacts ${expected}`, async () => {
      const p = await person(role);
      expect((await p.api.get('/api/chat/contacts')).statusCode).toBe(expected);
    });
  }

  it('refuses a visitor without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chat/contacts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/chat/contacts', () => {
  it('shows equipe the gestores and the people of their contracts only', async () => {
    const me = await person('equipe');
    const mate = await person('equipe');
    const stranger = await person('equipe');
    const coord = await person('coordenador');
    const ti = await person('ti');
    await contractWith(t, [me.user.id, mate.user.id]);
    const ids = (await me.api.get('/api/chat/contacts'))
      .json<Array<{ id: number }>>()
      .map((c) => c.id);
    expect(ids).toContain(mate.user.id);
    expect(ids).toContain(coord.user.id);
    expect(ids).not.toContain(stranger.user.id);
    expect(ids).not.toContain(me.user.id);
    // ti cannot open the chat screens, so nobody is offered a conversation with them.
    expect(ids).not.toContain(ti.user.id);
  });

  it('shows a gestor everybody who uses the chat', async () => {
    const coord = await person('coordenador');
    const stranger = await person('equipe');
    const ids = (await coord.api.get('/api/chat/contacts'))
      .json<Array<{ id: number }>>()
      .map((c) => c.id);
    expect(ids).toContain(stranger.user.id);
  });

  it('counts unread messages per contact, with the last message first', async () => {
    const coord = await person('coordenador', 'Marta Coordenadora');
    const eq1 = await person('equipe');
    await coord.api.post('/api/chat/send', { to: eq1.user.id, content: 'primeira' });
    await coord.api.post('/api/chat/send', { to: eq1.user.id, content: 'segunda' });
    const list = (await eq1.api.get('/api/chat/contacts')).json<
      Array<{
        id: number;
        unread: number;
        nome: string;
        rawType: string;
        lastMessage: { content: string; fromMe: boolean } | null;
      }>
    >();
    expect(list[0]).toMatchObject({
      id: coord.user.id,
      nome: 'Marta Coordenadora',
      rawType: 'Coordenador',
      unread: 2,
      lastMessage: { content: 'segunda', fromMe: false },
    });
    const mine = (await coord.api.get('/api/chat/contacts')).json<
      Array<{ id: number; unread: number }>
    >();
    expect(mine.find((c) => c.id === eq1.user.id)?.unread).toBe(0);
  });
});

describe('POST /api/chat/send', () => {
  it('stores the message and pushes it to both people', async () => {
    const a = await person('gerente');
    const b = await person('equipe');
    const rec = recordEvents();
    const res = await a.api.post('/api/chat/send', { to: b.user.id, content: '  Bom dia!  ' });
    rec.stop();
    expect(res.statusCode).toBe(201);
    const msg = res.json<{ id: number; createdAt: string }>();
    expect(msg).toMatchObject({
      senderId: a.user.id,
      recipientId: b.user.id,
      content: 'Bom dia!',
      readAt: null,
      fileUrl: null,
    });
    const ev = rec.seen.find((e) => e.type === 'chat.message');
    expect(ev?.userIds?.sort()).toEqual([a.user.id, b.user.id].sort());
    // The lists' preview rides along (issue 37): no tab reads the contact list again.
    expect(ev?.data).toEqual({
      messageId: msg.id,
      from: a.user.id,
      to: b.user.id,
      preview: { content: 'Bom dia!', fileName: null, createdAt: msg.createdAt, senderNome: null },
    });
  });

  it('cuts the preview a push carries to the length the lists show', async () => {
    const a = await person('gerente');
    const b = await person('equipe');
    const rec = recordEvents();
    const long = 'Relatório da vistoria: '.padEnd(3_000, 'ç');
    expect((await a.api.post('/api/chat/send', { to: b.user.id, content: long })).statusCode).toBe(
      201,
    );
    rec.stop();
    const preview = rec.seen.find((e) => e.type === 'chat.message')?.data?.preview as {
      content: string;
    };
    expect(preview.content).toBe(long.slice(0, CHAT_PREVIEW_CHARS));
    // Small enough for one NOTIFY (8,000 bytes) with any text.
    expect(Buffer.byteLength(JSON.stringify(rec.seen[0]))).toBeLessThan(1_000);
  });

  it('refuses people who may not talk (404), oneself and the inactive', async () => {
    const a = await person('equipe');
    const b = await person('equipe');
    const gone = await createUser(t, { role: 'Gerente', active: false });
    expect((await a.api.post('/api/chat/send', { to: b.user.id, content: 'oi' })).statusCode).toBe(
      404,
    );
    expect((await a.api.post('/api/chat/send', { to: a.user.id, content: 'oi' })).statusCode).toBe(
      404,
    );
    expect((await a.api.post('/api/chat/send', { to: gone.id, content: 'oi' })).statusCode).toBe(
      404,
    );
    expect((await a.api.post('/api/chat/send', { to: 999999, content: 'oi' })).statusCode).toBe(
      404,
    );
    expect((await a.api.get(`/api/chat/messages/${b.user.id}`)).statusCode).toBe(404);
    // Marking as read probes nothing either: the same 404 as the other chat calls.
    for (const id of [b.user.id, a.user.id, gone.id, 999999]) {
      const read = await a.api.post(`/api/chat/read/${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json().error).toBe('Contato não encontrado.');
    }
    await contractWith(t, [a.user.id, b.user.id]);
    expect((await a.api.post('/api/chat/send', { to: b.user.id, content: 'oi' })).statusCode).toBe(
      201,
    );
  });

  it('answers 400 in Portuguese for an empty or malformed message', async () => {
    const a = await person('coordenador');
    const b = await person('equipe');
    const empty = await a.api.post('/api/chat/send', { to: b.user.id, content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Escreva uma mensagem ou anexe um arquivo.');
    const long = await a.api.post('/api/chat/send', { to: b.user.id, content: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    const noTo = await a.api.post('/api/chat/send', { content: 'oi' });
    expect(noTo.statusCode).toBe(400);
  });

  it('notifies a mention of the recipient (type mention)', async () => {
    const a = await person('coordenador', 'Marcos Ribeiro');
    const b = await person('equipe', 'João Pereira');
    await a.api.post('/api/chat/send', {
      to: b.user.id,
      content: 'Oi @joao pereira, confere o relatório?',
    });
    await a.api.post('/api/chat/send', { to: b.user.id, content: 'sem menção' });
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.user.id), eq(notifications.type, 'mention')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      authorId: a.user.id,
      texto: 'Oi @joao pereira, confere o relatório?',
    });
    const bell = (await b.api.get('/api/eproto/notifications')).json<{ unread: number }>();
    expect(bell.unread).toBe(1);
  });
});

describe('GET /api/chat/messages/{id}', () => {
  it('pages backwards with the before cursor, oldest first within a page', async () => {
    const a = await person('diretoria');
    const b = await person('equipe');
    for (let i = 1; i <= 5; i++)
      await a.api.post('/api/chat/send', { to: b.user.id, content: `m${i}` });
    const first = (await b.api.get(`/api/chat/messages/${a.user.id}?limit=2`)).json<{
      items: Array<{ id: number; content: string }>;
      hasMore: boolean;
    }>();
    expect(first.items.map((m) => m.content)).toEqual(['m4', 'm5']);
    expect(first.hasMore).toBe(true);
    const older = (
      await b.api.get(`/api/chat/messages/${a.user.id}?limit=2&before=${first.items[0]!.id}`)
    ).json<{
      items: Array<{ content: string }>;
      hasMore: boolean;
    }>();
    expect(older.items.map((m) => m.content)).toEqual(['m2', 'm3']);
    const last = (
      await b.api.get(`/api/chat/messages/${a.user.id}?limit=2&before=${first.items[0]!.id - 2}`)
    ).json<{
      items: Array<{ content: string }>;
      hasMore: boolean;
    }>();
    expect(last).toEqual({ items: [expect.objectContaining({ content: 'm1' })], hasMore: false });
  });

  it('never shows a conversation to a third person', async () => {
    const a = await person('coordenador');
    const b = await person('equipe');
    const c = await person('equipe');
    await a.api.post('/api/chat/send', { to: b.user.id, content: 'particular' });
    const res = await c.api.get(`/api/chat/messages/${a.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('rejects a bad cursor with 400', async () => {
    const a = await person('coordenador');
    expect((await a.api.get('/api/chat/messages/1?before=abc')).statusCode).toBe(400);
    expect((await a.api.get('/api/chat/messages/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/chat/read/{id}', () => {
  it('marks what the other person sent as read and tells both', async () => {
    const a = await person('gerente');
    const b = await person('equipe');
    await a.api.post('/api/chat/send', { to: b.user.id, content: 'um' });
    await a.api.post('/api/chat/send', { to: b.user.id, content: 'dois' });
    await b.api.post('/api/chat/send', { to: a.user.id, content: 'resposta' });
    const sent = (await b.api.get(`/api/chat/messages/${a.user.id}`)).json<{
      items: Array<{ id: number; senderId: number }>;
    }>();
    const rec = recordEvents();
    const res = await b.api.post(`/api/chat/read/${a.user.id}`);
    rec.stop();
    expect(res.json()).toEqual({ ok: true, updated: 2 });
    const read = rec.seen.find((e) => e.type === 'chat.read');
    expect(read?.userIds?.sort()).toEqual([a.user.id, b.user.id].sort());
    // Who read whose messages, up to which one and when: both sides mark them in place.
    const fromA = sent.items.filter((m) => m.senderId === a.user.id).map((m) => m.id);
    expect(read?.data).toEqual({
      reader: b.user.id,
      other: a.user.id,
      upTo: Math.max(...fromA),
      updated: 2,
      readAt: expect.any(String),
    });
    const contacts = (await b.api.get('/api/chat/contacts')).json<
      Array<{ id: number; unread: number }>
    >();
    expect(contacts.find((c) => c.id === a.user.id)?.unread).toBe(0);
    // a's own message to b stays unread for b's side only when b has not read it: a still has 1 unread.
    const aContacts = (await a.api.get('/api/chat/contacts')).json<
      Array<{ id: number; unread: number }>
    >();
    expect(aContacts.find((c) => c.id === b.user.id)?.unread).toBe(1);
    const page = (await a.api.get(`/api/chat/messages/${b.user.id}`)).json<{
      items: Array<{ content: string; readAt: string | null }>;
    }>();
    expect(page.items.find((m) => m.content === 'um')?.readAt).not.toBeNull();
    expect((await b.api.post(`/api/chat/read/${a.user.id}`)).json()).toEqual({
      ok: true,
      updated: 0,
    });
    expect((await b.api.post('/api/chat/read/999999')).statusCode).toBe(404);
  });
});

describe('POST /api/chat/upload and files', () => {
  it('stores an image and lets only the two people of the conversation download it', async () => {
    const a = await person('coordenador');
    const b = await person('equipe');
    const c = await person('gerente');
    const up = await a.api.upload('foto da obra.png', PNG_1X1, 'image/png');
    expect(up.statusCode).toBe(200);
    const file = up.json<{
      fileUrl: string;
      fileName: string;
      mimeType: string;
      fileSize: number;
    }>();
    expect(file).toMatchObject({
      fileName: 'foto da obra.png',
      mimeType: 'image/png',
      fileSize: PNG_1X1.length,
    });
    expect(file.fileUrl).toMatch(/^\/api\/chat\/files\/\d+$/);
    // Before it is sent, only the uploader sees it.
    expect((await b.api.get(file.fileUrl)).statusCode).toBe(404);
    const sent = await a.api.post('/api/chat/send', { to: b.user.id, content: '', ...file });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      fileUrl: file.fileUrl,
      fileName: 'foto da obra.png',
      mimeType: 'image/png',
    });
    const got = await b.api.get(file.fileUrl);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG_1X1)).toBe(true);
    expect((await a.api.get(file.fileUrl)).statusCode).toBe(200);
    expect((await c.api.get(file.fileUrl)).statusCode).toBe(404);
  });

  it('refuses sending someone else’s upload', async () => {
    const a = await person('coordenador');
    const b = await person('gerente');
    const up = (await b.api.upload('x.png', PNG_1X1)).json<{ fileUrl: string }>();
    const res = await a.api.post('/api/chat/send', { to: b.user.id, fileUrl: up.fileUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Arquivo inválido: envie-o primeiro.');
  });

  it('enforces the size limit (413) and the type check by content (415)', async () => {
    const a = await person('coordenador');
    const big = await a.api.upload('grande.txt', Buffer.alloc(1_100_000, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('Arquivo grande demais.');
    const exe = await a.api.upload(
      'foto.png',
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toMatch(/^Tipo de arquivo não permitido/);
    const empty = await a.api.upload('vazio.txt', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const json = await a.api.post('/api/chat/upload', { file: 'x' });
    expect(json.statusCode).toBe(400);
  });
});

describe('two server processes on one database', () => {
  it('a message sent through one node reaches an SSE client of the other', async () => {
    const node = await createSecondNode(t);
    const url = await listen(node.app);
    const a = await person('coordenador');
    const { user: b, cookie: bCookie } = await signedIn(t, 'Equipe');
    const outsider = await signedIn(t, 'Equipe');
    const stream = await openSse(url, bCookie);
    const theirs = await openSse(url, outsider.cookie);
    await stream.next((m) => m.type === 'hello');
    await theirs.next((m) => m.type === 'hello');
    // The longest message, in letters of 2 and 3 bytes: its preview still fits one NOTIFY.
    const content = 'chegou? '.padEnd(CHAT_MESSAGE_MAX, 'ção€');
    const sent = await a.api.post('/api/chat/send', { to: b.id, content });
    const ev = await stream.next((m) => m.type === 'chat.message');
    expect(ev.data).toEqual({
      messageId: sent.json<{ id: number }>().id,
      from: a.user.id,
      to: b.id,
      preview: {
        content: content.slice(0, CHAT_PREVIEW_CHARS),
        fileName: null,
        createdAt: sent.json<{ createdAt: string }>().createdAt,
        senderNome: null,
      },
    });
    // Someone else on the same node hears nothing of it (a marker sent to them comes first).
    await a.api.post('/api/chat/send', { to: outsider.user.id, content: 'marcador' });
    const first = await theirs.next((m) => m.type === 'chat.message');
    expect(first.data).toMatchObject({ to: outsider.user.id });
    theirs.close();
    const page = await node.app.inject({
      method: 'GET',
      url: `/api/chat/messages/${a.user.id}`,
      headers: { cookie: bCookie },
    });
    expect(page.json<{ items: Array<{ content: string }> }>().items.at(-1)?.content).toBe(content);
    stream.close();
    await node.close();
  });
});
