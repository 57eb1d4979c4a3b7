import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, contractChatMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { caller, contractWith, signedIn } from './chat-test-kit.ts';

// ?updated_since= on a conversation's newest page (direct and contract room): the phone keeps
// its recent conversations and asks only for the messages posted (or read) since.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function person(title: string, nome: string) {
  const { user, cookie } = await signedIn(t, title, { nome });
  return { user, api: caller(t, cookie) };
}

interface Page {
  items: { id: number; content: string; readAt?: string | null }[];
  hasMore: boolean;
  cursor?: string;
  partial?: boolean;
}

const hourAgo = () => new Date(Date.now() - 3_600_000);
const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();

describe('updated_since on a direct conversation', () => {
  it('answers messages posted or read after the cursor, partial, and never older ones', async () => {
    const tecnico = await person('Equipe de Campo', 'João Pereira');
    const coord = await person('Coordenador', 'Marta Alves');
    await contractWith(t, [tecnico.user.id, coord.user.id]);
    const send = async (from: typeof tecnico, to: number, content: string) => {
      const res = await from.api.post('/api/chat/send', { to, content });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const old = await send(coord, tecnico.user.id, 'Bom dia, a OS de hoje mudou.');
    const unread = await send(coord, tecnico.user.id, 'Leve a escada grande.');
    await t.database.db
      .update(chatMessages)
      .set({ createdAt: hourAgo() })
      .where(inArray(chatMessages.id, [old, unread]));
    const cursor = minuteAgo();
    const url = `/api/chat/messages/${coord.user.id}`;

    const full = (await tecnico.api.get(url)).json<Page>();
    expect(full.items.map((m) => m.id)).toEqual([old, unread]);
    expect(full.partial).toBeUndefined();
    expect(Date.parse(full.cursor!)).toBeLessThan(Date.now());
    expect((await tecnico.api.get(`${url}?${cursorParam(cursor)}`)).json<Page>()).toMatchObject({
      items: [],
      partial: true,
    });

    expect((await tecnico.api.post(`/api/chat/read/${coord.user.id}`)).statusCode).toBe(200);
    const fresh = await send(tecnico, coord.user.id, 'Combinado.');

    const delta = (await tecnico.api.get(`${url}?${cursorParam(cursor)}`)).json<Page>();
    expect(delta.partial).toBe(true);
    // Both old ones were read now (read receipts change a row); the new one was posted.
    expect(delta.items.map((m) => m.id)).toEqual([old, unread, fresh]);
    expect(delta.items[1]!.readAt).not.toBeNull();

    // Older pages (before=) take no cursor.
    const both = await tecnico.api.get(`${url}?before=${fresh}&${cursorParam(cursor)}`);
    expect(both.statusCode).toBe(400);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const a = await person('Coordenador', 'Rita Lopes');
    const res = await a.api.get(`/api/chat/messages/${a.user.id + 1}?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});

describe('updated_since on a contract room', () => {
  it('answers only the messages posted after the cursor', async () => {
    const tecnico = await person('Equipe de Campo', 'Pedro Santos');
    const colega = await person('Equipe de Campo', 'Ana Souza');
    const room = await contractWith(t, [tecnico.user.id, colega.user.id]);
    const send = async (from: typeof tecnico, content: string) => {
      const res = await from.api.post('/api/contract-chat/send', { chatId: room.id, content });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const old = await send(colega, 'Material chegou na base.');
    await t.database.db
      .update(contractChatMessages)
      .set({ createdAt: hourAgo() })
      .where(inArray(contractChatMessages.id, [old]));
    const cursor = minuteAgo();
    const fresh = await send(colega, 'Saindo para a subestação.');
    const url = `/api/contract-chat/messages/${room.id}`;

    expect((await tecnico.api.get(url)).json<Page>().items.map((m) => m.id)).toEqual([old, fresh]);
    const delta = (await tecnico.api.get(`${url}?${cursorParam(cursor)}`)).json<Page>();
    expect(delta).toMatchObject({ partial: true, items: [{ id: fresh }] });
    expect(delta.items).toHaveLength(1);
  });

  it('more changes than a page answer the whole newest page (not partial)', async () => {
    const tecnico = await person('Equipe de Campo', 'Lia Campos');
    const room = await contractWith(t, [tecnico.user.id]);
    for (let i = 0; i < 4; i++) {
      await tecnico.api.post('/api/contract-chat/send', { chatId: room.id, content: `m${i}` });
    }
    const res = await tecnico.api.get(
      `/api/contract-chat/messages/${room.id}?limit=3&${cursorParam(minuteAgo())}`,
    );
    const page = res.json<Page>();
    expect(page.partial).toBeUndefined();
    expect(page.items.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect(page.hasMore).toBe(true);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const a = await person('Equipe de Campo', 'Bia Rocha');
    const room = await contractWith(t, [a.user.id]);
    const res = await a.api.get(`/api/contract-chat/messages/${room.id}?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});
