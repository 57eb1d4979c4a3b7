import { SCHEDULING_MESSAGES } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolHistory, protocols, taskDependencies } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertLink, insertTask } from './protocols.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let muralId: number;
let hiddenMuralId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe de Campo');
  const contractId = (await makeContract(t)).id;
  await linkContract(t, contractId, gerente.user.id, equipe.user.id);
  const boardId = (await makeBoard(t, { contractId })).id;
  muralId = (await makeMural(t, { boardId, contractId })).id;
  const otherBoard = (await makeBoard(t)).id;
  hiddenMuralId = (await makeMural(t, { boardId: otherBoard })).id;
});
afterAll(async () => t.close());

const datesOf = async (id: number) => {
  const [r] = await t.database.db.select().from(protocols).where(eq(protocols.id, id));
  return [r!.inicioPrevisto, r!.fimPrevisto];
};
const linksOf = (id: number) =>
  t.database.db.select().from(taskDependencies).where(eq(taskDependencies.protocolId, id));

describe('POST /api/eproto/protocols/{id}/dependencies', () => {
  it('adds a link with lag, lists it both ways and records it in both histories', async () => {
    const a = await insertTask(t, {
      muralId,
      titulo: 'Projeto',
      inicio: '2026-03-02',
      fim: '2026-03-04',
    });
    const b = await insertTask(t, {
      muralId,
      titulo: 'Compra',
      inicio: '2026-03-10',
      fim: '2026-03-11',
    });
    const res = await gerente.call('POST', `/api/eproto/protocols/${b.id}/dependencies`, {
      predecessor_id: a.id,
      lag_days: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      protocol_id: b.id,
      predecessor_id: a.id,
      lag_days: 2,
      predecessor: { id: a.id, titulo: 'Projeto', fim_previsto: '2026-03-04' },
      successor: { id: b.id, titulo: 'Compra' },
      cascaded: [],
    });
    const fromB = await gerente.call('GET', `/api/eproto/protocols/${b.id}/dependencies`);
    const fromA = await gerente.call('GET', `/api/eproto/protocols/${a.id}/dependencies`);
    expect(fromB.json().map((d: { id: number }) => d.id)).toEqual([res.json().id]);
    expect(fromA.json().map((d: { id: number }) => d.id)).toEqual([res.json().id]);
    for (const id of [a.id, b.id]) {
      const h = await t.database.db
        .select()
        .from(protocolHistory)
        .where(eq(protocolHistory.protocolId, id));
      expect(h.map((x) => x.action)).toContain('dependencia_adicionada');
    }
  });

  it('lag_days defaults to 0 and accepts a negative lead', async () => {
    const a = await insertTask(t, { muralId });
    const b = await insertTask(t, { muralId });
    const c = await insertTask(t, { muralId });
    const r1 = await gerente.call('POST', `/api/eproto/protocols/${b.id}/dependencies`, {
      predecessor_id: a.id,
    });
    expect(r1.json().lag_days).toBe(0);
    const r2 = await gerente.call('POST', `/api/eproto/protocols/${c.id}/dependencies`, {
      predecessor_id: a.id,
      lag_days: -3,
    });
    expect(r2.statusCode).toBe(201);
    expect(r2.json().lag_days).toBe(-3);
    const bad = await gerente.call('POST', `/api/eproto/protocols/${c.id}/dependencies`, {
      predecessor_id: b.id,
      lag_days: 1.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/número inteiro de dias/);
  });

  it('refuses a self-dependency with a Portuguese 400', async () => {
    const a = await insertTask(t, { muralId });
    const res = await gerente.call('POST', `/api/eproto/protocols/${a.id}/dependencies`, {
      predecessor_id: a.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(SCHEDULING_MESSAGES.self);
  });

  it('refuses direct and transitive cycles and duplicates, writing nothing', async () => {
    const a = await insertTask(t, { muralId });
    const b = await insertTask(t, { muralId });
    const c = await insertTask(t, { muralId });
    await insertLink(t, b.id, a.id);
    await insertLink(t, c.id, b.id);
    const direct = await gerente.call('POST', `/api/eproto/protocols/${a.id}/dependencies`, {
      predecessor_id: b.id,
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().error).toBe(SCHEDULING_MESSAGES.cycle);
    const transitive = await gerente.call('POST', `/api/eproto/tasks/${a.id}/dependencies`, {
      predecessor_id: c.id,
    });
    expect(transitive.statusCode).toBe(400);
    expect(transitive.json().error).toMatch(/ciclo/);
    const dup = await gerente.call('POST', `/api/eproto/protocols/${b.id}/dependencies`, {
      predecessor_id: a.id,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toBe(SCHEDULING_MESSAGES.duplicate);
    expect(await linksOf(a.id)).toEqual([]);
  });

  it('pushes the successor chain when the new link is violated', async () => {
    const a = await insertTask(t, {
      muralId,
      titulo: 'Laudo',
      inicio: '2026-04-06',
      fim: '2026-04-10',
    });
    const b = await insertTask(t, { muralId, inicio: '2026-04-08', fim: '2026-04-09' });
    const c = await insertTask(t, { muralId, inicio: '2026-04-10', fim: '2026-04-10' });
    await insertLink(t, c.id, b.id);
    const res = await gerente.call('POST', `/api/eproto/tasks/${b.id}/dependencies`, {
      predecessor_id: a.id,
      lag_days: 1,
    });
    expect(res.statusCode).toBe(201);
    // b earliest = 10 + 1 + 1 = 12/04 (moves 4 days to 12..13); c earliest 14/04 (moves 4)
    expect(
      res.json().cascaded.map((x: { id: number; shift_days: number }) => [x.id, x.shift_days]),
    ).toEqual([
      [b.id, 4],
      [c.id, 4],
    ]);
    expect(await datesOf(b.id)).toEqual(['2026-04-12', '2026-04-13']);
    expect(await datesOf(c.id)).toEqual(['2026-04-14', '2026-04-14']);
  });

  it('needs edit rights on the successor and a visible predecessor', async () => {
    const mine = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    const other = await insertTask(t, { muralId });
    const hidden = await insertTask(t, { muralId: hiddenMuralId });
    // equipe edits its own task's links but not someone else's
    expect(
      (
        await equipe.call('POST', `/api/eproto/protocols/${mine.id}/dependencies`, {
          predecessor_id: other.id,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await equipe.call('POST', `/api/eproto/protocols/${other.id}/dependencies`, {
          predecessor_id: mine.id,
        })
      ).statusCode,
    ).toBe(403);
    const res = await gerente.call('POST', `/api/eproto/protocols/${other.id}/dependencies`, {
      predecessor_id: hidden.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Tarefa predecessora não encontrada.');
  });
});

describe('DELETE /api/eproto/protocols/{id}/dependencies/{depId}', () => {
  it('removes a link from either end, keeps dates, and 404s a link of another task', async () => {
    const a = await insertTask(t, { muralId, inicio: '2026-05-04', fim: '2026-05-05' });
    const b = await insertTask(t, { muralId, inicio: '2026-05-06', fim: '2026-05-07' });
    const x = await insertTask(t, { muralId });
    const link = await insertLink(t, b.id, a.id);
    expect(
      (await gerente.call('DELETE', `/api/eproto/protocols/${x.id}/dependencies/${link.id}`))
        .statusCode,
    ).toBe(404);
    const res = await gerente.call(
      'DELETE',
      `/api/eproto/protocols/${a.id}/dependencies/${link.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(await linksOf(b.id)).toEqual([]);
    expect(await datesOf(b.id)).toEqual(['2026-05-06', '2026-05-07']);
    expect(
      (await gerente.call('DELETE', `/api/eproto/protocols/${a.id}/dependencies/${link.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('the responsável of the predecessor alone may not remove the link', async () => {
    const a = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    const b = await insertTask(t, { muralId });
    const link = await insertLink(t, b.id, a.id);
    const res = await equipe.call(
      'DELETE',
      `/api/eproto/protocols/${a.id}/dependencies/${link.id}`,
    );
    expect(res.statusCode).toBe(403);
  });
});
