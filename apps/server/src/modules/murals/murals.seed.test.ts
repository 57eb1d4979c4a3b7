import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralAttachments, murals, notifications, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createDemoApp, demoCookie } from '../../../test/demo-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => t.close());

async function as(email: string) {
  const cookie = await demoCookie(t, email);
  return (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
}

describe('demo demands', () => {
  it('creates about 60 demands across every stage, some late, with files that download', async () => {
    const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(murals);
    expect(n).toBeGreaterThanOrEqual(55);
    const get = await as('diretor@eproto.test');
    const all = await get('/api/eproto/murals/summary?perPage=1000');
    const rows = all.json<{ stage: string; atrasada: boolean }[]>();
    expect(new Set(rows.map((r) => r.stage))).toEqual(
      new Set(['a_fazer', 'em_andamento', 'em_revisao', 'concluido']),
    );
    expect(rows.filter((r) => r.atrasada).length).toBeGreaterThanOrEqual(5);
    const [att] = await t.database.db.select().from(muralAttachments).limit(1);
    const dl = await get(`/api/eproto/murals/${att!.muralId}/attachments/${att!.id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.length).toBe(att!.size);
  });

  it('gives each demo role a living but scoped view', async () => {
    const total = (await (await as('diretor@eproto.test'))('/api/eproto/murals/summary')).headers[
      'x-total-count'
    ];
    for (const email of ['coordenador@eproto.test', 'gerente@eproto.test', 'equipe@eproto.test']) {
      const get = await as(email);
      const res = await get('/api/eproto/murals/summary');
      const n = Number(res.headers['x-total-count']);
      expect(n, email).toBeGreaterThan(5);
      expect(n, email).toBeLessThan(Number(total));
      const boards = await get('/api/eproto/boards');
      expect(boards.json<unknown[]>().length, email).toBeGreaterThan(0);
    }
    const equipe = await as('equipe@eproto.test');
    const contracts = await equipe('/api/eproto/contracts');
    expect(contracts.json<unknown[]>()).toHaveLength(1);
  });

  it('left mention notifications for the people named in messages', async () => {
    const [gerente] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'gerente@eproto.test'));
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, gerente!.id));
    expect(notes.filter((n) => n.type === 'mention').length).toBeGreaterThan(2);
  });
});
