import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { createSecondNode, listen, openSse, type SseClient } from '../../../test/sse.ts';

let t: TestApp;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

async function stream(cookie: string | null, query = '') {
  const c = await openSse(base, cookie, query);
  open.push(c);
  return c;
}

describe('GET /api/events', () => {
  it('refuses a visitor without a session', async () => {
    const c = await stream(null);
    expect(c.status).toBe(401);
  });

  it('opens an unbuffered event stream with a retry hint and a hello', async () => {
    const { cookie } = await userWithSession(t, 'Equipe');
    const c = await stream(cookie);
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['cache-control']).toBe('no-cache, no-transform');
    expect(c.headers['x-accel-buffering']).toBe('no');
    await c.next((m) => m.type === 'hello');
    expect(c.blocks[0]).toBe('retry: 3000');
  });

  it('delivers events to their users only, broadcasts to all, hides internal ones', async () => {
    const a = await userWithSession(t, 'Equipe');
    const b = await userWithSession(t, 'Gerente');
    const sa = await stream(a.cookie);
    const sb = await stream(b.cookie);
    await Promise.all([sa.next((m) => m.type === 'hello'), sb.next((m) => m.type === 'hello')]);

    await t.events.publish({ type: 'notification', userIds: [a.user.id], data: { n: 1 } });
    await t.events.publish({ type: 'mural.changed', data: { muralId: 7 } });
    await t.events.publish({ type: 'notification', userIds: [b.user.id], data: { n: 2 } });

    expect((await sa.next((m) => m.type === 'notification')).data).toEqual({ n: 1 });
    expect((await sb.next((m) => m.type === 'notification')).data).toEqual({ n: 2 });
    await sa.next((m) => m.type === 'mural.changed');
    await sb.next((m) => m.type === 'mural.changed');
    expect(sa.messages.filter((m) => m.type === 'notification')).toHaveLength(1);
    expect(sa.blocks.join('\n')).not.toContain('userIds');
  });

  it('sends again, after the hello, what the user may see of the last gap_ms only', async () => {
    const a = await userWithSession(t, 'Equipe');
    const b = await userWithSession(t, 'Equipe');
    // Published before the streams open: a tab that read its screen, then opened its stream.
    await t.events.publish({ type: 'notification', userIds: [a.user.id], data: { n: 'a' } });
    await t.events.publish({ type: 'notification', userIds: [b.user.id], data: { n: 'b' } });
    await t.events.publish({ type: 'mural.changed', id: 41, version: '2026-12-01T00:00:00.000Z' });
    const late = await stream(a.cookie, '?gap_ms=30000');
    const plain = await stream(a.cookie);
    await late.next((m) => m.type === 'mural.changed' && m.id === 41);
    await plain.next((m) => m.type === 'hello');
    await t.events.publish({ type: 'agenda.changed', userIds: [a.user.id] });
    await late.next((m) => m.type === 'agenda.changed');
    await plain.next((m) => m.type === 'agenda.changed');
    const replayed = late.messages.map((m) => m.type);
    expect(replayed.slice(0, 1)).toEqual(['hello']);
    // Of the notifications, only a's (the file's earlier tests published others' too).
    expect(late.messages.filter((m) => m.type === 'notification').map((m) => m.data)).toEqual([
      { n: 'a' },
    ]);
    // The hello first, the replayed events in their order, then the live one.
    const mural = late.messages.findIndex((m) => m.type === 'mural.changed' && m.id === 41);
    expect(replayed.indexOf('notification')).toBeLessThan(mural);
    expect(replayed.at(-1)).toBe('agenda.changed');
    // Without gap_ms, nothing from before the stream.
    expect(plain.messages.map((m) => m.type)).toEqual(['hello', 'agenda.changed']);
  });

  it.each(['2147483648', '60001', '-1', '0x10', '1.5', '%00', '1e3', ''])(
    'refuses gap_ms=%s with a Portuguese 400',
    async (value) => {
      const { cookie } = await userWithSession(t, 'Equipe');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events?gap_ms=${value}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
      // A NUL is refused before the schema, by the app's own check of every text.
      expect(res.json().error).toMatch(value === '%00' ? /caractere inválido/ : /"gap_ms"/);
    },
  );

  it('ends the stream when its session ends (logout)', async () => {
    const a = await userWithSession(t, 'Coordenador');
    const other = await userWithSession(t, 'Coordenador');
    const sa = await stream(a.cookie);
    const so = await stream(other.cookie);
    await sa.next((m) => m.type === 'hello');
    await so.next((m) => m.type === 'hello');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...spa, cookie: a.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await sa.ended;
    await t.events.publish({ type: 'agenda.changed', userIds: [other.user.id] });
    await so.next((m) => m.type === 'agenda.changed');
  });

  it('ends every stream of a user whose sessions are all ended', async () => {
    const a = await userWithSession(t, 'Equipe');
    const s1 = await stream(a.cookie);
    await s1.next((m) => m.type === 'hello');
    await t.events.publish({ type: 'session.invalidate', data: { userId: a.user.id } });
    await s1.ended;
    expect(s1.messages.map((m) => m.type)).not.toContain('session.invalidate');
  });

  it('writes a heartbeat comment to keep proxies from closing the stream', async () => {
    const { createEventHub } = await import('./event-hub.ts');
    const hub = createEventHub(t.events, { heartbeatMs: 20 });
    const chunks: string[] = [];
    let ended = false;
    const res = {
      writeHead: () => res,
      write: (c: string) => chunks.push(c),
      end: () => (ended = true),
      on: () => res,
      writableEnded: false,
      destroyed: false,
      writableLength: 0,
      socket: null,
    };
    hub.open({ userId: 1, tokenHash: 'x', res: res as never });
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (chunks.includes(': ping\n\n')) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    hub.closeAll();
    expect(ended).toBe(true);
    expect(hub.size()).toBe(0);
  });

  it('replays only the events of the gap, and keeps none past RT_REPLAY_MS', async () => {
    const { createEventHub } = await import('./event-hub.ts');
    const { RT_REPLAY_MS } = await import('@eproto/domain');
    let clock = 1_000_000;
    const handlers: Array<(e: AppEvent) => void> = [];
    const bus = { subscribe: (fn: (e: AppEvent) => void) => (handlers.push(fn), () => undefined) };
    const hub = createEventHub(bus as never, { now: () => clock });
    const send = (id: number) => handlers.forEach((fn) => fn({ type: 'mural.changed', id }));
    const client = () => {
      const chunks: string[] = [];
      const res = {
        writeHead: () => res,
        write: (c: string) => chunks.push(c),
        end: () => undefined,
        on: () => res,
        writableEnded: false,
        destroyed: false,
        writableLength: 0,
        socket: null,
      };
      return {
        res,
        ids: () => chunks.flatMap((c) => [...c.matchAll(/"id":(\d+)/g)].map((m) => m[1])),
      };
    };
    send(1);
    clock += 5_000;
    send(2);
    clock += 5_000;
    const last6s = client();
    hub.open({ userId: 1, tokenHash: 'x', res: last6s.res as never }, 6_000);
    expect(last6s.ids()).toEqual(['2']);
    const all = client();
    hub.open({ userId: 1, tokenHash: 'x', res: all.res as never }, RT_REPLAY_MS);
    expect(all.ids()).toEqual(['1', '2']);
    clock += RT_REPLAY_MS;
    send(3);
    const after = client();
    hub.open({ userId: 1, tokenHash: 'x', res: after.res as never }, RT_REPLAY_MS);
    expect(after.ids()).toEqual(['3']);
    hub.closeAll();
  });

  it('app.close() ends open streams instead of hanging', async () => {
    const node = await createSecondNode(t);
    const url = await listen(node.app);
    const a = await userWithSession(t, 'Equipe');
    const c = await openSse(url, a.cookie);
    await c.next((m) => m.type === 'hello');
    await node.close();
    await c.ended;
    expect(c.status).toBe(200);
  });
});

describe('two server processes on one database', () => {
  it('an event published on one node reaches an SSE client of the other', async () => {
    const node = await createSecondNode(t);
    const url = await listen(node.app);
    const a = await userWithSession(t, 'Equipe');
    const c = await openSse(url, a.cookie);
    await c.next((m) => m.type === 'hello');
    await t.events.publish({ type: 'notification', userIds: [a.user.id], data: { via: 'notify' } });
    expect((await c.next((m) => m.type === 'notification')).data).toEqual({ via: 'notify' });
    c.close();
    await node.close();
  });
});
