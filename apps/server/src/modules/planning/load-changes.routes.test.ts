import { randomUUID } from 'node:crypto';
import {
  CHANGES_HEADER,
  ORIGIN_HEADER,
  parseChangesHeader,
  RT_EVENTS,
  type TeamLoadChanges,
  type TeamLoadResponse,
} from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  person,
  type Person,
} from './planning.fixtures.ts';

// Issue 37: the team load (Equipe → Carga) follows the change feed. A task change reads again
// only the people whose planned hours it may have moved, not the whole team.

let t: TestApp;
let gil: Person; // gerente of A and B
let carla: Person; // coordenador of A
let ana: Person;
let bruno: Person;
let diego: Person; // equipe of B only
let contractA: number;
let contractB: number;
const task = {} as Record<'ana' | 'diego', number>;
const OLD = new Date('2026-01-05T12:00:00Z');
const Q = 'inicio=2027-02-01&semanas=8';
/** People of contract A besides Ana and Bruno, so the whole load is a team's size. */
const TEAM = 20;

beforeAll(async () => {
  t = await createTestApp();
  gil = await person(t, 'Gerente', 'Gil Gerente');
  carla = await person(t, 'Coordenador', 'Carla Coord');
  ana = await person(t, 'Equipe', 'Ana Campo');
  bruno = await person(t, 'Equipe', 'Bruno Campo');
  diego = await person(t, 'Equipe', 'Diego Sul');
  const a = await makeContract(t, { nome: 'Clima Paulista' });
  const b = await makeContract(t, { nome: 'Rede Sul' });
  contractA = a.id;
  contractB = b.id;
  const others: number[] = [];
  for (let i = 0; i < TEAM; i++) others.push((await person(t, 'Equipe', `Pessoa ${i}`)).user.id);
  await linkContract(t, a.id, gil.user.id, carla.user.id, ana.user.id, bruno.user.id, ...others);
  await linkContract(t, b.id, gil.user.id, diego.user.id);
  const muralOf = async (contractId: number) =>
    makeMural(t, { boardId: (await makeBoard(t, { contractId })).id, contractId });
  const muralA = await muralOf(a.id);
  const muralB = await muralOf(b.id);
  const dated = async (muralId: number, who: number) => {
    const row = await makeDatedTask(t, {
      muralId,
      responsavelId: who,
      ini: '2027-02-15',
      fim: '2027-02-19',
    });
    await t.database.db
      .update(protocols)
      .set({ horasEstimadas: 20 })
      .where(eq(protocols.id, row.id));
    return row.id;
  };
  task.ana = await dated(muralA.id, ana.user.id);
  task.diego = await dated(muralB.id, diego.user.id);
  for (const id of others) await dated(muralA.id, id);
  await t.database.db.update(protocols).set({ updatedAt: OLD });
});
afterAll(async () => t.close());

const load = async (who = gil, q = Q) => {
  const res = await who.call('GET', `/api/eproto/team/load?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json<TeamLoadResponse>(), bytes: res.body.length };
};
const changes = async (since: string, who = gil, q = Q) => {
  const res = await who.call('GET', `/api/eproto/team/load/changes?${q}&${cursorParam(since)}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json<TeamLoadChanges>(), bytes: res.body.length };
};
/** Changes a task as the web does and answers the version of its 'protocol.changed'. */
async function editTask(id: number, body: object) {
  const res = await gil.call('PATCH', `/api/eproto/protocols/${id}`, body, {
    [ORIGIN_HEADER]: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const event = parseChangesHeader(res.headers[CHANGES_HEADER] as string).find(
    (e) => e.type === RT_EVENTS.protocolChanged,
  );
  return event!.version!;
}
const row = (l: TeamLoadResponse, id: number) => l.pessoas.find((p) => p.id === id);

describe('GET /api/eproto/team/load/changes', () => {
  it('answers only the person of a moved task, as the whole load has them, in fewer bytes', async () => {
    const before = await load();
    const version = await editTask(task.ana, {
      inicio_previsto: '2027-02-22',
      fim_previsto: '2027-02-26',
    });
    const answer = await changes(version);
    const after = await load();
    expect(answer.body.pessoas.map((p) => p.id)).toEqual([ana.user.id]);
    expect(answer.body.pessoas[0]).toEqual(row(after.body, ana.user.id));
    expect(answer.body.pessoas[0]).not.toEqual(row(before.body, ana.user.id));
    expect(answer.body.fora).toEqual([]);
    // A move costs one person's row instead of the team's (figures in docs/performance.md).
    console.info(
      `team load per task move: ${after.bytes} B whole (${after.body.pessoas.length} people), ` +
        `${answer.bytes} B changes`,
    );
    expect(answer.bytes * 10).toBeLessThan(after.bytes);
  });

  it('answers both people when a task changes hands', async () => {
    const version = await editTask(task.ana, { responsavel_id: bruno.user.id });
    const answer = await changes(version);
    const after = await load();
    expect(answer.body.pessoas.map((p) => p.id).sort()).toEqual(
      [ana.user.id, bruno.user.id].sort(),
    );
    for (const p of answer.body.pessoas) expect(p).toEqual(row(after.body, p.id));
    expect(row(after.body, ana.user.id)!.semanas.every((w) => w.tarefas === 0)).toBe(true);
  });

  it("never answers another contract's people", async () => {
    const version = await editTask(task.diego, {
      inicio_previsto: '2027-03-01',
      fim_previsto: '2027-03-05',
    });
    // Diego is in Gil's whole load, not in contract A's, nor in Carla's (coordenador of A).
    expect((await changes(version)).body.pessoas.map((p) => p.id)).toEqual([diego.user.id]);
    const ofA = await changes(version, gil, `${Q}&contrato_id=${contractA}`);
    expect(ofA.body).toEqual({ pessoas: [], fora: [] });
    expect((await changes(version, carla)).body).toEqual({ pessoas: [], fora: [] });
    const foreign = await carla.call(
      'GET',
      `/api/eproto/team/load/changes?${Q}&contrato_id=${contractB}&${cursorParam(version)}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Diego');
  });

  it('refuses hostile cursors and ids (400, never 500), and people without the load', async () => {
    const since = '2026-02-01T00:00:00Z';
    for (const bad of [...HOSTILE_CURSORS, '0x10']) {
      const res = await gil.call('GET', `/api/eproto/team/load/changes?${Q}&${cursorParam(bad)}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const hostileIds = ['0', '-1', '2147483648', '1e3', 'abc', '1%00', '1,2'];
    for (const key of ['contrato_id', 'coordenador_id']) {
      for (const bad of hostileIds) {
        const url = `/api/eproto/team/load/changes?${Q}&${key}=${bad}&${cursorParam(since)}`;
        expect((await gil.call('GET', url)).statusCode, `${key}=${bad}`).toBe(400);
      }
    }
    expect((await gil.call('GET', `/api/eproto/team/load/changes?${Q}`)).statusCode).toBe(400);
    const res = await ana.call('GET', `/api/eproto/team/load/changes?${Q}&${cursorParam(since)}`);
    expect(res.statusCode).toBe(403);
  });
});
