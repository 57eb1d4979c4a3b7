import { rolesFor, ROLES, type Role } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { caller, contractWith, PNG_1X1, signedIn } from './chat-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TITLE: Record<Role, string> = {
  ti: 'TI',
  administrador: 'Administrador',
  financeiro: 'Financeiro',
  coordenador: 'Coordenador',
  gerente: 'Gerente',
  diretoria: 'Diretoria',
  equipe: 'Equipe',
};

async function person(role: Role, nome?: string) {
  const { user, cookie } = await signedIn(t, TITLE[role], { nome });
  return { user, cookie, api: caller(t, cookie) };
}

type Room = {
  chatId: number;
  codigo: string;
  unread: number;
  lastMessage: { content: string } | null;
};
type Page = { items: Array<{ id: number; content: string; senderNome: string }>; hasMore: boolean };

describe('contract chat permissions by role (route-access table)', () => {
  const allowed = rolesFor('/operacional/chat-contrato');
  for (const role of ROLES) {
    const expected = allowed.includes(role) ? 200 : 403;
    it(`${role} -> GET /api/contract-chat/contracts ${expected}`, async () => {
      const p = await person(role);
      expect((await p.api.get('/api/contract-chat/contracts')).statusCode).toBe(expected);
    });
  }
});

describe('contract rooms', () => {
  it('lists the rooms of the linked contracts; diretoria sees every room', async () => {
    const member = await person('equipe');
    const boss = await person('diretoria');
    const mine = await contractWith(t, [member.user.id], 'CT-MEU');
    const other = await contractWith(t, [], 'CT-OUTRO');
    const rooms = (await member.api.get('/api/contract-chat/contracts')).json<Room[]>();
    expect(rooms.map((r) => r.chatId)).toEqual([mine.id]);
    expect(rooms[0]).toMatchObject({
      id: mine.id,
      chatId: mine.id,
      codigo: 'CT-MEU',
      unread: 0,
      lastMessage: null,
    });
    const all = (await boss.api.get('/api/contract-chat/contracts'))
      .json<Room[]>()
      .map((r) => r.chatId);
    expect(all).toEqual(expect.arrayContaining([mine.id, other.id]));
  });

  it('refuses a user outside the contract on every room call (404)', async () => {
    const member = await person('coordenador');
    const outsider = await person('equipe');
    const gestorOutsider = await person('gerente');
    const c = await contractWith(t, [member.user.id]);
    await member.api.post('/api/contract-chat/send', { chatId: c.id, content: 'interno' });
    for (const who of [outsider, gestorOutsider]) {
      expect((await who.api.get(`/api/contract-chat/messages/${c.id}`)).statusCode).toBe(404);
      expect((await who.api.get(`/api/contract-chat/members/${c.id}`)).statusCode).toBe(404);
      expect(
        (await who.api.post('/api/contract-chat/send', { chatId: c.id, content: 'oi' })).statusCode,
      ).toBe(404);
      const read = await who.api.post(`/api/contract-chat/read/${c.id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json().error).toBe('Sala não encontrada.');
      const rooms = (await who.api.get('/api/contract-chat/contracts')).json<Room[]>();
      expect(rooms.map((r) => r.chatId)).not.toContain(c.id);
    }
    expect((await member.api.get('/api/contract-chat/messages/999999')).statusCode).toBe(404);
  });

  it('sends, counts unread for the other members, pushes to them, and reads', async () => {
    const a = await person('coordenador', 'Marcos Ribeiro');
    const b = await person('equipe');
    const outsider = await person('equipe');
    const boss = await person('diretoria');
    const c = await contractWith(t, [a.user.id, b.user.id]);
    const seen: AppEvent[] = [];
    const stop = t.events.subscribe((e) => seen.push(e));
    const res = await a.api.post('/api/contract-chat/send', {
      chatId: c.id,
      content: 'Equipe, amanhã às 7h.',
    });
    await a.api.post('/api/contract-chat/send', { chatId: c.id, content: 'Levem EPI.' });
    stop();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      chatId: c.id,
      senderId: a.user.id,
      senderNome: 'Marcos Ribeiro',
      content: 'Equipe, amanhã às 7h.',
    });
    const ev = seen.find((e) => e.type === 'contract-chat.message');
    expect(ev?.userIds).toEqual(expect.arrayContaining([a.user.id, b.user.id, boss.user.id]));
    expect(ev?.userIds).not.toContain(outsider.user.id);
    expect(ev?.data).toEqual({
      chatId: c.id,
      messageId: res.json<{ id: number }>().id,
      from: a.user.id,
      preview: {
        content: 'Equipe, amanhã às 7h.',
        fileName: null,
        createdAt: res.json<{ createdAt: string }>().createdAt,
        senderNome: 'Marcos Ribeiro',
      },
    });

    const roomOf = async (p: { api: ReturnType<typeof caller> }) =>
      (await p.api.get('/api/contract-chat/contracts'))
        .json<Room[]>()
        .find((r) => r.chatId === c.id)!;
    expect((await roomOf(b)).unread).toBe(2);
    expect((await roomOf(b)).lastMessage?.content).toBe('Levem EPI.');
    expect((await roomOf(a)).unread).toBe(0);

    const page = (await b.api.get(`/api/contract-chat/messages/${c.id}`)).json<Page>();
    expect(page.items.map((m) => m.content)).toEqual(['Equipe, amanhã às 7h.', 'Levem EPI.']);
    const older = (
      await b.api.get(`/api/contract-chat/messages/${c.id}?limit=1&before=${page.items[1]!.id}`)
    ).json<Page>();
    expect(older).toMatchObject({ items: [{ content: 'Equipe, amanhã às 7h.' }], hasMore: false });

    expect((await b.api.post(`/api/contract-chat/read/${c.id}`)).json()).toEqual({
      ok: true,
      updated: 2,
    });
    expect((await roomOf(b)).unread).toBe(0);
    await a.api.post('/api/contract-chat/send', { chatId: c.id, content: 'Mais uma.' });
    expect((await roomOf(b)).unread).toBe(1);
    // diretoria reads without being linked
    expect((await boss.api.get(`/api/contract-chat/messages/${c.id}`)).statusCode).toBe(200);
  });

  it('notifies the room members mentioned, never people outside the room', async () => {
    const a = await person('gerente', 'Fernanda Lima');
    const b = await person('equipe', 'Ana Souza');
    const c2 = await person('equipe', 'Bruno Oliveira');
    const outsider = await person('equipe', 'Diego Ferreira');
    const c = await contractWith(t, [a.user.id, b.user.id, c2.user.id], 'CT-MENCAO');
    const members = (await a.api.get(`/api/contract-chat/members/${c.id}`)).json<
      Array<{ id: number }>
    >();
    expect(members.map((m) => m.id)).toEqual(
      expect.arrayContaining([a.user.id, b.user.id, c2.user.id]),
    );
    expect(members.map((m) => m.id)).not.toContain(outsider.user.id);
    await a.api.post('/api/contract-chat/send', {
      chatId: c.id,
      content: '@Ana Souza e @Diego Ferreira, vejam a planta.',
      mentions: [c2.user.id, outsider.user.id],
    });
    const mentionsOf = (userId: number) =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'mention')));
    const [forB] = await mentionsOf(b.user.id);
    expect(forB?.customText).toBe(
      'Chat do contrato CT-MENCAO: @Ana Souza e @Diego Ferreira, vejam a planta.',
    );
    expect(forB?.authorId).toBe(a.user.id);
    expect(await mentionsOf(c2.user.id)).toHaveLength(1);
    expect(await mentionsOf(outsider.user.id)).toHaveLength(0);
    expect(await mentionsOf(a.user.id)).toHaveLength(0);
  });

  it('serves a room file to its members only', async () => {
    const a = await person('coordenador');
    const b = await person('equipe');
    const outsider = await person('equipe');
    const c = await contractWith(t, [a.user.id, b.user.id]);
    const up = (await a.api.upload('planta.png', PNG_1X1, 'image/png')).json<{ fileUrl: string }>();
    const sent = await a.api.post('/api/contract-chat/send', { chatId: c.id, ...up });
    expect(sent.json()).toMatchObject({
      fileUrl: up.fileUrl,
      fileName: 'planta.png',
      mimeType: 'image/png',
      content: '',
    });
    expect((await b.api.get(up.fileUrl)).statusCode).toBe(200);
    expect((await outsider.api.get(up.fileUrl)).statusCode).toBe(404);
  });
});
