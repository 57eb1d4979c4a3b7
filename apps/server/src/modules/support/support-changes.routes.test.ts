import { RT_EVENTS } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';

// Issue 37: every ticket writer publishes 'support.changed' with the ticket's id and version
// (its updatedAt) to its opener and the ti only, and the list on screen asks
// GET /support/tickets/changes (its page's ids, the rows changed since, the total).

let t: TestApp;
let ti: { id: number; cookie: string };
let coord: { id: number; cookie: string };
let other: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const session = async (role: string) => {
    const s = await userWithSession(t, role);
    return { id: s.user.id, cookie: s.cookie };
  };
  ti = await session('TI');
  coord = await session('Coordenador');
  other = await session('Gerente');
});
afterAll(async () => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...spa, cookie }, ...(payload ? { payload } : {}) });

interface Ticket {
  id: number;
  status: string;
  updatedAt: string;
}
interface Changes {
  items: Ticket[];
  ids: number[];
  total: number;
  cursor: string;
}

/** The 'support.changed' events a write publishes, and its answer. */
async function eventsOf(write: () => ReturnType<typeof req>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => seen.push(e));
  const res = await write();
  stop();
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { seen: seen.filter((e) => e.type === RT_EVENTS.supportChanged), res };
}

const open = (cookie: string, assunto: string) =>
  eventsOf(() =>
    req('POST', '/api/support/tickets', cookie, {
      assunto,
      descricao: 'Desde ontem não consigo entrar.',
      categoria: 'acesso',
      prioridade: 'alta',
    }),
  );

describe("'support.changed' and GET /support/tickets/changes", () => {
  it('every writer sends id and version to the opener and the ti; the page asks a delta', async () => {
    const mine = await open(coord.cookie, 'Impressora do almoxarifado');
    const theirs = await open(other.cookie, 'VPN caiu');
    const ticket = mine.res.json<Ticket>();
    const writes = [
      mine,
      await eventsOf(() =>
        req('POST', `/api/support/tickets/${ticket.id}/comments`, ti.cookie, { texto: 'Vou ver.' }),
      ),
      await eventsOf(() =>
        req('PATCH', `/api/support/tickets/${ticket.id}/status`, ti.cookie, {
          status: 'em_atendimento',
        }),
      ),
    ];
    for (const { seen, res } of writes) {
      expect(seen).toHaveLength(1);
      // The version is the ticket's updatedAt in the answer: that tab asks nothing.
      expect(seen[0]).toMatchObject({ id: ticket.id, version: res.json<Ticket>().updatedAt });
      expect(seen[0]!.userIds).toContain(coord.id);
      expect(seen[0]!.userIds).toContain(ti.id);
      expect(seen[0]!.userIds).not.toContain(other.id);
    }
    const version = writes[2]!.seen[0]!.version!;

    // The coordinator's list: their ticket only; the ti's: both, the changed one first.
    const own = await req(
      'GET',
      `/api/support/tickets/changes?${cursorParam(version)}`,
      coord.cookie,
    );
    expect(own.statusCode, own.body).toBe(200);
    const ownChanges = own.json<Changes>();
    expect(ownChanges.ids).toEqual([ticket.id]);
    expect(ownChanges.items.map((i) => [i.id, i.status])).toEqual([[ticket.id, 'em_atendimento']]);
    expect(ownChanges.total).toBe(1);
    const all = (
      await req('GET', `/api/support/tickets/changes?${cursorParam(version)}`, ti.cookie)
    ).json<Changes>();
    expect(all.ids.slice(0, 2)).toEqual([ticket.id, theirs.res.json<Ticket>().id]);
    expect(all.items.map((i) => i.id)).toEqual([ticket.id]);
    // The same page read whole: the same ids in the same order.
    const whole = (await req('GET', '/api/support/tickets', ti.cookie)).json<{ items: Ticket[] }>();
    expect(whole.items.map((i) => i.id)).toEqual(all.ids);
  });

  it('requires updated_since and refuses hostile cursors and pages with 400', async () => {
    expect((await req('GET', '/api/support/tickets/changes', ti.cookie)).statusCode).toBe(400);
    for (const value of HOSTILE_CURSORS) {
      const res = await req('GET', `/api/support/tickets/changes?${cursorParam(value)}`, ti.cookie);
      expect(res.statusCode, value).toBe(400);
    }
    const since = cursorParam(new Date().toISOString());
    for (const param of ['page=2147483648', 'perPage=0x10', 'page=%00', 'status=pago']) {
      const res = await req('GET', `/api/support/tickets/changes?${param}&${since}`, ti.cookie);
      expect(res.statusCode, param).toBe(400);
    }
  });

  it('is for the signed-in only (401 without a session)', async () => {
    const since = cursorParam(new Date().toISOString());
    const res = await t.app.inject({ method: 'GET', url: `/api/support/tickets/changes?${since}` });
    expect(res.statusCode).toBe(401);
  });
});
