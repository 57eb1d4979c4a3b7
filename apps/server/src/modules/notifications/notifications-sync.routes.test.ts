import { eq, inArray } from 'drizzle-orm';
import { CHANGES_HEADER, ORIGIN_HEADER, parseChangesHeader, RT_EVENTS } from '@eproto/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';

// GET /api/eproto/notifications?updated_since= : the bell's first page synced by cursor — only
// its notifications created or read since, and `ids` (the page in order).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Bell {
  items: { id: number; texto: string | null; read_at: string | null }[];
  unread: number;
  cursor?: string;
  ids?: number[];
}

const get = (cookie: string, qs = '') =>
  t.app.inject({ url: `/api/eproto/notifications${qs}`, headers: { cookie } });

async function add(userId: number, texto: string, createdAt: Date) {
  const [row] = await t.database.db
    .insert(notifications)
    .values({ userId, type: 'other', texto, createdAt })
    .returning({ id: notifications.id });
  return row!.id;
}

describe('updated_since on the bell', () => {
  it('answers the notifications created or read after the cursor; a deleted one leaves ids', async () => {
    const a = await userWithSession(t, 'Equipe de Campo');
    const hourAgo = new Date(Date.now() - 3_600_000);
    const old = await add(a.user.id, 'OS-2026-000010 atribuída a você', hourAgo);
    const toRead = await add(a.user.id, 'EPI para assinar', new Date(hourAgo.getTime() + 1000));
    const gone = await add(a.user.id, 'Agenda alterada', new Date(hourAgo.getTime() + 2000));
    const cursor = new Date(Date.now() - 60_000).toISOString();

    const full = (await get(a.cookie)).json<Bell>();
    expect(full.items.map((n) => n.id)).toEqual([gone, toRead, old]);
    expect(full.ids).toBeUndefined();
    expect(Date.parse(full.cursor!)).toBeLessThan(Date.now());
    expect((await get(a.cookie, `?${cursorParam(cursor)}`)).json<Bell>()).toMatchObject({
      items: [],
      ids: [gone, toRead, old],
      unread: 3,
    });

    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/eproto/notifications/${toRead}/read`,
      headers: { ...spa, cookie: a.cookie },
    });
    expect(read.statusCode).toBe(200);
    const fresh = await add(a.user.id, 'Você foi mencionado', new Date());
    await t.database.db.delete(notifications).where(eq(notifications.id, gone));

    const delta = (await get(a.cookie, `?${cursorParam(cursor)}`)).json<Bell>();
    expect(delta.items.map((n) => [n.id, n.read_at !== null])).toEqual([
      [fresh, false],
      [toRead, true],
    ]);
    expect(delta.ids).toEqual([fresh, toRead, old]);
    expect(delta.unread).toBe(2);
  });

  it('only the first page syncs: ids stop at the limit, older ones are not answered', async () => {
    const a = await userWithSession(t, 'Equipe de Campo');
    const hourAgo = Date.now() - 3_600_000;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await add(a.user.id, `aviso ${i}`, new Date(hourAgo + i)));
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(inArray(notifications.id, ids));
    const delta = (
      await get(a.cookie, `?limit=2&${cursorParam(new Date(Date.now() - 60_000).toISOString())}`)
    ).json<Bell>();
    expect(delta.ids).toEqual([ids[2], ids[1]]);
    expect(delta.items.map((n) => n.id)).toEqual([ids[2], ids[1]]);
  });

  it('before and updated_since together are refused', async () => {
    const a = await userWithSession(t, 'Gerente');
    const res = await get(a.cookie, `?before=5&${cursorParam(new Date().toISOString())}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since/);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const a = await userWithSession(t, 'Gerente');
    const res = await get(a.cookie, `?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });

  it("'notification.read' carries the read_at and the unread count the bell shows", async () => {
    const a = await userWithSession(t, 'Gerente');
    const first = await add(a.user.id, 'Nova tarefa', new Date(Date.now() - 5_000));
    await add(a.user.id, 'Datas atualizadas', new Date(Date.now() - 4_000));
    await add(a.user.id, 'Novo anexo', new Date(Date.now() - 3_000));
    const write = (url: string) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: { ...spa, cookie: a.cookie, [ORIGIN_HEADER]: randomUUID() },
      });
    const readEvent = (res: Awaited<ReturnType<typeof write>>) =>
      parseChangesHeader(res.headers[CHANGES_HEADER] as string).find(
        (c) => c.type === RT_EVENTS.notificationRead,
      );

    const one = await write(`/api/eproto/notifications/${first}/read`);
    expect(one.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, first));
    expect(readEvent(one)?.data).toEqual({
      id: first,
      read_at: row!.readAt!.toISOString(),
      unread: 2,
    });
    expect((await get(a.cookie)).json<Bell>().unread).toBe(2);

    const all = await write('/api/eproto/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(readEvent(all)?.data).toMatchObject({ all: true, unread: 0 });
    // Someone else's notification: 404, and no event.
    const other = await userWithSession(t, 'Gerente');
    const foreign = await add(other.user.id, 'Aviso de outra pessoa', new Date());
    const refused = await write(`/api/eproto/notifications/${foreign}/read`);
    expect(refused.statusCode).toBe(404);
    expect(readEvent(refused)).toBeUndefined();
  });
});
