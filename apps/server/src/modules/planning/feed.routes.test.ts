import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  muralEvent,
  person,
  taskEvent,
  type Person,
} from './planning.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let diretor: Person;
let muralId: number;
let taskId: number;
let hiddenMural: number;
const T0 = Date.parse('2026-05-01T12:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
type Item = { key: string; created_at: string };

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo');
  diretor = await person(t, 'Diretor de Operações');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id);
  const boardId = (await makeBoard(t, { contractId: c.id })).id;
  muralId = (await makeMural(t, { boardId, contractId: c.id, titulo: 'Poda de árvores' })).id;
  taskId = (await makeDatedTask(t, { muralId, titulo: 'Isolar a área' })).id;
  hiddenMural = (await makeMural(t, { boardId: (await makeBoard(t)).id, titulo: 'Oculta' })).id;
  await muralEvent(t, { muralId, action: 'criada', at: at(0), authorId: gerente.user.id });
  await taskEvent(t, {
    protocolId: taskId,
    action: 'criada',
    at: at(1),
    authorId: gerente.user.id,
  });
  await muralEvent(t, {
    muralId,
    action: 'etapa_alterada',
    at: at(2),
    authorId: gerente.user.id,
    after: { stage: 'em_andamento' },
  });
  await taskEvent(t, { protocolId: taskId, action: 'datas_cascata', at: at(3) });
  await muralEvent(t, { muralId: hiddenMural, action: 'criada', at: at(4) });
  // dated in the future: not shown until then
  await muralEvent(t, { muralId, action: 'editada', at: new Date(Date.now() + 86_400_000) });
  // 12 events at the very same instant, both kinds, to exercise the keyset tie-break
  for (let i = 0; i < 6; i += 1) {
    await muralEvent(t, { muralId, action: 'nota', at: at(5) });
    await taskEvent(t, { protocolId: taskId, action: 'nota', at: at(5) });
  }
});
afterAll(async () => t.close());

describe('GET /api/eproto/feed', () => {
  it('lists past demand and task events newest first, with labels, authors and links', async () => {
    const res = await gerente.call('GET', '/api/eproto/feed?perPage=100');
    expect(res.statusCode).toBe(200);
    const { items, next_cursor } = res.json();
    expect(next_cursor).toBeNull();
    expect(items).toHaveLength(16);
    const times = items.map((i: Item) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const oldest = items.slice(-4);
    expect(oldest.map((i: { label: string }) => i.label)).toEqual([
      'Datas ajustadas pela dependência',
      'Etapa alterada: Em andamento',
      'Tarefa criada',
      'Demanda criada',
    ]);
    expect(oldest[2]).toMatchObject({
      source: 'task',
      protocol_id: taskId,
      protocol_titulo: 'Isolar a área',
      mural_id: muralId,
      mural_titulo: 'Poda de árvores',
      author: { id: gerente.user.id, nome: 'Fernanda Lima', avatar: null },
      links: { web: `/eproto/protocols/${taskId}` },
    });
    expect(oldest[3]).toMatchObject({
      source: 'mural',
      links: { web: `/eproto/murals/${muralId}` },
    });
    expect(oldest[0].author).toBeNull();
  });

  it('pages with a cursor without repeating or skipping events, even at equal times', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const qs: string = `perPage=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await gerente.call('GET', `/api/eproto/feed?${qs}`);
      expect(res.statusCode).toBe(200);
      const body: { items: Item[]; next_cursor: string | null } = res.json();
      seen.push(...body.items.map((i) => i.key));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(16);
    const all = (await gerente.call('GET', '/api/eproto/feed?perPage=100')).json();
    expect(seen).toEqual(all.items.map((i: Item) => i.key));
  });

  it('shows only what the caller sees and filters by demand (404 out of scope)', async () => {
    expect((await equipe.call('GET', '/api/eproto/feed')).json().items).toEqual([]);
    const d = (await diretor.call('GET', '/api/eproto/feed?perPage=100')).json();
    expect(d.items.some((i: { mural_id: number }) => i.mural_id === hiddenMural)).toBe(true);
    const g = (await gerente.call('GET', '/api/eproto/feed?perPage=100')).json();
    expect(g.items.some((i: { mural_id: number }) => i.mural_id === hiddenMural)).toBe(false);
    const one = await diretor.call('GET', `/api/eproto/feed?mural_id=${hiddenMural}`);
    expect(one.json().items).toHaveLength(1);
    expect((await gerente.call('GET', `/api/eproto/feed?mural_id=${hiddenMural}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a malformed cursor or page size in Portuguese', async () => {
    for (const q of [
      'cursor=abc',
      'perPage=0',
      'perPage=500',
      'cursor=2026-13-45T00:00:00Z~mural~1',
    ]) {
      const res = await gerente.call('GET', `/api/eproto/feed?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toMatch(/inválid|máximo/);
    }
  });

  it('answers only the events since the cursor (never one out of scope); too many: next_cursor', async () => {
    const first = await gerente.call('GET', '/api/eproto/feed?perPage=5');
    const cursor = first.json<{ cursor: string }>().cursor;
    expect(Date.parse(cursor)).toBeLessThan(Date.now());
    const now = new Date();
    const moved = await muralEvent(t, {
      muralId,
      action: 'etapa_alterada',
      at: now,
      after: { stage: 'concluido' },
    });
    await taskEvent(t, { protocolId: taskId, action: 'nota', at: now });
    await muralEvent(t, { muralId: hiddenMural, action: 'editada', at: now });
    const delta = await gerente.call('GET', `/api/eproto/feed?perPage=5&${cursorParam(cursor)}`);
    expect(delta.statusCode).toBe(200);
    const body = delta.json<{ items: Item[]; next_cursor: string | null; cursor: string }>();
    const keys = body.items.map((i) => i.key);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(`mural-${moved.id}`);
    expect(keys.filter((k) => k.startsWith('task-'))).toHaveLength(1);
    expect(body.items.every((i) => Date.parse(i.created_at) >= Date.parse(cursor))).toBe(true);
    expect(body.next_cursor).toBeNull();
    expect(Date.parse(body.cursor)).toBeGreaterThanOrEqual(Date.parse(cursor));
    // The diretor sees the hidden demand's event too; the gerente never does.
    const all = await diretor.call('GET', `/api/eproto/feed?perPage=2&${cursorParam(cursor)}`);
    expect(all.json<{ items: Item[] }>().items).toHaveLength(2);
    expect(all.json<{ next_cursor: string | null }>().next_cursor).not.toBeNull();
  });

  it('refuses hostile updated_since values, and a cursor with it, with 400', async () => {
    for (const value of [...HOSTILE_CURSORS, '0x10']) {
      const res = await gerente.call('GET', `/api/eproto/feed?${cursorParam(value)}`);
      expect(res.statusCode, value).toBe(400);
    }
    const both = await gerente.call(
      'GET',
      `/api/eproto/feed?cursor=${encodeURIComponent('2026-05-01T12:00:00.000Z~mural~1')}&${cursorParam(new Date().toISOString())}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json<{ error: string }>().error).toMatch(/updated_since/);
  });
});
