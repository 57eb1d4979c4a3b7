import { addDaysTo, ROLE_LABELS, todayIn } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agendaEntries,
  serviceOrderPeople,
  serviceOrders,
  userContracts,
} from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client } from '../tatico/test-kit.ts';
import { at, createOs, osBody, osWorld, type OsWorld } from './os-test-kit.ts';

// Issue 37 for the field lists: an OS step seen by an open OS tab and week board. On
// 'service-order.changed' the week board no longer reads its week whole, nor the OS tab the
// service types: both ask GET /tatico/agenda and /tatico/os with `updated_since` = their cursor
// (change-patches.ts). Measured here: bytes of what an open tab asks per step, before and after.

const TZ = 'America/Sao_Paulo';
let t: TestApp;
let w: OsWorld;
let tech: ReturnType<typeof client>;
/** A technician of contract B only, and an OS of B on their team. */
let techB: ReturnType<typeof client>;
let osOfB: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  tech = client(t, w.s.equipe.cookie);
  const other = await createUser(t, { role: ROLE_LABELS.equipe, nome: 'Técnica do contrato B' });
  techB = client(t, await login(t, other.email));
  await t.database.db.insert(userContracts).values([
    { userId: other.id, contractId: w.contractB },
    { userId: w.s.coordenador.id, contractId: w.contractB },
  ]);
  const res = await w.coord.post(
    '/api/tatico/os',
    osBody(w, { contract_id: w.contractB, pessoas: [other.id], local: 'Subestação B' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  osOfB = res.json<{ id: number }>();
});
afterAll(async () => t.close());

interface Synced {
  items: { id: number; status: string; contrato: { id: number } }[];
  cursor: string;
  ids?: number[];
}
const bytes = (body: string) => Buffer.byteLength(body);
const step = (c: ReturnType<typeof client>, id: number, body: Record<string, unknown>) =>
  c.post(`/api/tatico/os/${id}/etapas`, body);

describe('an OS step seen by an open OS tab and week board', () => {
  it('costs the changed row (with the counts and ids), not the page, the week or the types', async () => {
    const made = [];
    for (let i = 0; i < 24; i += 1) {
      made.push(await createOs(t, w, { local: `Loja ${i + 1}, casa de máquinas` }));
    }
    // They were planned an hour ago: a cursor taken now reaches back only its 30 s overlap.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const { db } = t.database;
    await db.update(serviceOrders).set({ updatedAt: hourAgo });
    await db.update(serviceOrderPeople).set({ entrouEm: hourAgo });
    await db.update(agendaEntries).set({ updatedAt: hourAgo });
    const monday = todayIn(TZ);
    const week = `de=${monday}&ate=${addDaysTo(monday, 6)}`;
    const pageUrl = '/api/tatico/os?page=1&perPage=50';
    const weekUrl = `/api/tatico/agenda?${week}`;
    const page = await w.coord.get(pageUrl);
    const board = await w.coord.get(weekUrl);
    const types = await w.coord.get('/api/tatico/os/tipos');
    for (const r of [page, board, types]) expect(r.statusCode, r.body).toBe(200);
    const held = page.json<Synced>();
    const heldWeek = board.json<Synced>();
    expect(held.items.length).toBeGreaterThanOrEqual(24);

    const os = made[5]!;
    const res = await step(tech, os.id, { acao: 'a_caminho' });
    expect(res.statusCode, res.body).toBe(200);

    const delta = await w.coord.get(`${pageUrl}&${cursorParam(held.cursor)}`);
    const weekDelta = await w.coord.get(`${weekUrl}&${cursorParam(heldWeek.cursor)}`);
    const answer = delta.json<Synced>();
    expect(answer.items.map((o) => [o.id, o.status])).toEqual([[os.id, 'em_deslocamento']]);
    expect(answer.ids).toEqual(held.items.map((o) => o.id));
    const weekAnswer = weekDelta.json<Synced>();
    expect(weekAnswer.items.map((e) => e.id)).toHaveLength(1);
    expect(weekAnswer.ids).toEqual(heldWeek.items.map((e) => e.id));

    // Before: the OS tab asked its page since its cursor already (its query refetched by
    // cursor) and read the service types again; the week board read its week whole. After:
    // the two deltas only.
    const before = bytes(delta.body) + bytes(types.body) + bytes(board.body);
    const after = bytes(delta.body) + bytes(weekDelta.body);
    console.info(
      `OS step seen by an open OS tab (${held.items.length} OSs) and week board ` +
        `(${heldWeek.items.length} entries): before ${before} B (page delta ` +
        `${bytes(delta.body)} of ${bytes(page.body)}, types ${bytes(types.body)}, week ` +
        `${bytes(board.body)}), after ${after} B (page delta ${bytes(delta.body)}, week delta ` +
        `${bytes(weekDelta.body)})`,
    );
    expect(after * 5).toBeLessThan(before);
  });

  it("a technician's delta never holds another contract's OS nor its agenda entry", async () => {
    const mine = await tech.get('/api/tatico/os?perPage=100');
    const cursor = mine.json<Synced>().cursor;
    const day = at(0, 1).slice(0, 10);
    const myWeek = `/api/tatico/agenda/minha?de=${todayIn(TZ)}&ate=${addDaysTo(todayIn(TZ), 6)}`;
    const weekCursor = (await tech.get(myWeek)).json<Synced>().cursor;
    expect((await step(techB, osOfB.id, { acao: 'a_caminho' })).statusCode).toBe(200);

    const delta = (
      await tech.get(`/api/tatico/os?perPage=100&${cursorParam(cursor)}`)
    ).json<Synced>();
    expect(delta.ids).not.toContain(osOfB.id);
    expect(delta.items.map((o) => o.contrato.id)).not.toContain(w.contractB);
    const agenda = (await tech.get(`${myWeek}&${cursorParam(weekCursor)}`)).json<Synced>();
    expect(agenda.items.map((e) => e.contrato.id)).not.toContain(w.contractB);
    // The gerente of contract A only: the office week board's delta leaves B out too.
    const gerente = client(t, w.s.gerente.cookie);
    const board = `/api/tatico/agenda?de=${day}&ate=${day}`;
    const gerenteDelta = (
      await gerente.get(`${board}&${cursorParam(new Date(Date.now() - 600_000).toISOString())}`)
    ).json<Synced>();
    expect(gerenteDelta.items.map((e) => e.contrato.id)).not.toContain(w.contractB);
    // B's own technician sees the step.
    const theirs = (
      await techB.get(`/api/tatico/os?perPage=100&${cursorParam(cursor)}`)
    ).json<Synced>();
    expect(theirs.items.map((o) => o.id)).toEqual([osOfB.id]);
  });

  it.each(HOSTILE_CURSORS)('the week board refuses updated_since=%j with 400', async (value) => {
    const day = todayIn(TZ);
    const res = await w.coord.get(`/api/tatico/agenda?de=${day}&ate=${day}&${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });
});
