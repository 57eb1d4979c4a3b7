import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { createNotificationsService } from './notifications.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Bell = {
  items: Array<{ id: number; texto: string | null; read_at: string | null }>;
  unread: number;
};

const bell = async (cookie: string, qs = '') =>
  (await t.app.inject({ url: `/api/eproto/notifications${qs}`, headers: { cookie } })).json<Bell>();

describe('GET /api/eproto/notifications (kept per person between events)', () => {
  it('shows a new notification and a read mark at once', async () => {
    const a = await userWithSession(t, 'Gerente');
    expect(await bell(a.cookie)).toMatchObject({ items: [], unread: 0 });
    const service = createNotificationsService({ database: t.database, events: t.events });
    await service.notify({ userIds: [a.user.id], type: 'mention', texto: 'Você foi mencionado' });
    const after = await bell(a.cookie);
    expect(after.items.map((n) => n.texto)).toEqual(['Você foi mencionado']);
    expect(after.unread).toBe(1);
    expect((await bell(a.cookie, '?unread=true')).items).toHaveLength(1);

    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/eproto/notifications/${after.items[0]!.id}/read`,
      headers: { ...spa, cookie: a.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await bell(a.cookie)).unread).toBe(0);
    expect((await bell(a.cookie, '?unread=true')).items).toHaveLength(0);
  });

  it('is refreshed by an event naming the person (another node), not by anyone else’s', async () => {
    const a = await userWithSession(t, 'Coordenador');
    const b = await userWithSession(t, 'Equipe');
    expect((await bell(a.cookie)).items).toHaveLength(0);
    // Written by another node: this node only learns of it through the event bus.
    await t.database.db
      .insert(notifications)
      .values({ userId: a.user.id, type: 'mention', texto: 'De outro nó' });
    expect((await bell(a.cookie)).items).toHaveLength(0);
    await t.events.publish({ type: 'notification', userIds: [b.user.id] });
    expect((await bell(a.cookie)).items).toHaveLength(0);
    await t.events.publish({ type: 'notification', userIds: [a.user.id] });
    expect((await bell(a.cookie)).items.map((n) => n.texto)).toEqual(['De outro nó']);
  });

  it('answers gzip to a client that accepts it once the bell is big, plain otherwise', async () => {
    const a = await userWithSession(t, 'Gerente');
    await t.database.db.insert(notifications).values(
      Array.from({ length: 100 }, (_, i) => ({
        userId: a.user.id,
        type: 'other',
        texto: `Aviso ${i}: a demanda mudou de etapa e precisa da sua atenção hoje.`,
      })),
    );
    const url = '/api/eproto/notifications?limit=100';
    const zipped = await t.app.inject({
      url,
      headers: { cookie: a.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const items = (JSON.parse(gunzipSync(zipped.rawPayload).toString()) as Bell).items;
    expect(items).toHaveLength(100);
    const plain = await t.app.inject({ url, headers: { cookie: a.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<Bell>().items).toHaveLength(100);
  });
});

describe('GET /api/eproto/notifications?before= (keyset pages)', () => {
  it('walks every notification once, newest first, across equal timestamps', async () => {
    const a = await userWithSession(t, 'Gerente');
    const other = await userWithSession(t, 'Gerente');
    const same = new Date('2026-11-20T12:00:00Z');
    // Seven share one timestamp (the tie is broken by id), five are older, one is someone else's.
    await t.database.db.insert(notifications).values([
      ...Array.from({ length: 7 }, (_, i) => ({
        userId: a.user.id,
        type: 'other',
        texto: `Mesmo instante ${i}`,
        createdAt: same,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        userId: a.user.id,
        type: 'other',
        texto: `Antigo ${i}`,
        createdAt: new Date(same.getTime() - (i + 1) * 60_000),
      })),
      { userId: other.user.id, type: 'other', texto: 'De outra pessoa', createdAt: same },
    ]);
    const everything = (await bell(a.cookie, '?limit=100')).items.map((n) => n.id);
    expect(everything).toHaveLength(12);
    const walked: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 10; page++) {
      const items = (await bell(a.cookie, `?limit=5${before ? `&before=${before}` : ''}`)).items;
      walked.push(...items.map((n) => n.id));
      if (items.length < 5) break;
      before = items[items.length - 1]!.id;
    }
    expect(walked).toEqual(everything);
    // Page boundaries: the last page is short, a page after the oldest is empty.
    expect((await bell(a.cookie, `?limit=5&before=${everything[11]}`)).items).toEqual([]);
    expect((await bell(a.cookie, `?limit=5&before=${everything[9]}`)).items).toHaveLength(2);
    // Someone else's notification is no cursor into my bell.
    const theirs = (await bell(other.cookie)).items[0]!.id;
    expect((await bell(a.cookie, `?before=${theirs}`)).items).toEqual([]);
  });

  it('refuses a hostile cursor with 400', async () => {
    const a = await userWithSession(t, 'Gerente');
    for (const before of ['abc', '-1', '0', '1.5', '99999999999', "1'--", '']) {
      const res = await t.app.inject({
        url: `/api/eproto/notifications?before=${encodeURIComponent(before)}`,
        headers: { cookie: a.cookie },
      });
      expect(res.statusCode, before).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/inválid/i);
    }
  });
});
