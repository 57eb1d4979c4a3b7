import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, sessions, userContracts } from '../../db/schema/index.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { seedDemoUsers, type DemoKey } from '../../seed/demo-users.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { caller } from './chat-test-kit.ts';
import { seedChat } from './chat.seed.ts';

let t: TestApp;
let people: Record<DemoKey, number>;
let roomId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => {
    people = await seedDemoUsers(tx, 'x');
    const [c] = await tx
      .insert(contracts)
      .values({ codigo: 'CT-DEMO', nome: 'Manutenção', cliente: 'Cliente' })
      .returning();
    roomId = c!.id;
    await tx.insert(userContracts).values(
      (['coordenador', 'equipe', 'equipe2'] as const).map((k) => ({
        userId: people[k],
        contractId: c!.id,
      })),
    );
    await seedChat({ tx, people, shared: {} });
  });
});
afterAll(async () => t.close());

async function as(key: DemoKey) {
  const token = newToken();
  await t.database.db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userId: people[key],
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return caller(t, `eproto_session=${token}`);
}

describe('chat demo data', () => {
  it('gives the demo equipe unread messages from the coordenador', async () => {
    const api = await as('equipe');
    const contacts = (await api.get('/api/chat/contacts')).json<
      Array<{ id: number; unread: number }>
    >();
    expect(contacts[0]).toMatchObject({ id: people.coordenador, unread: 2 });
    const page = (await api.get(`/api/chat/messages/${people.coordenador}`)).json<{
      items: unknown[];
    }>();
    expect(page.items.length).toBeGreaterThanOrEqual(6);
  });

  it('fills every contract room, read by its members up to the last message', async () => {
    const coord = await as('coordenador');
    const rooms = await coord.get('/api/contract-chat/contracts');
    const list = rooms.json<Array<{ chatId: number; unread: number; lastMessage: unknown }>>();
    expect(list.find((r) => r.chatId === roomId)).toMatchObject({
      unread: expect.any(Number),
      lastMessage: expect.anything(),
    });
    const equipe = await as('equipe');
    const mine = (await equipe.get('/api/contract-chat/contracts')).json<
      Array<{ chatId: number; unread: number }>
    >();
    expect(mine.find((r) => r.chatId === roomId)!.unread).toBeGreaterThan(0);
  });
});
