import { RT_EVENTS } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murals } from '../../db/schema/index.ts';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertTask } from '../protocols/protocols.fixtures.ts';

// GET /reviews/changes (issue 37): a task's or demand's change patches the review queue's page
// on screen and the menu badge with one small answer instead of a new read of every list.

let t: TestApp;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let contractA: number;
let contractB: number;
let muralA: number;
let muralB: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  // A reviewer of no contract: their queue is empty, and stays so.
  outsider = await person(t, 'Coordenador', 'Otávio Fora');
  contractA = (await makeContract(t, { nome: 'Contrato A' })).id;
  contractB = (await makeContract(t, { nome: 'Contrato B' })).id;
  await linkContract(t, contractA, gerente.user.id);
  await linkContract(t, contractB, gerente.user.id);
  await linkContract(t, contractA, equipe.user.id);
  const boardA = (await makeBoard(t, { contractId: contractA })).id;
  const boardB = (await makeBoard(t, { contractId: contractB })).id;
  muralA = (await makeMural(t, { boardId: boardA, contractId: contractA, titulo: 'Demanda A' })).id;
  muralB = (await makeMural(t, { boardId: boardB, contractId: contractB, titulo: 'Demanda B' })).id;
});
afterAll(async () => t.close());

interface Changes {
  items: { id: number; titulo: string; mural_titulo: string }[];
  ids: number[];
  total: number;
  cursor: string;
  count: number;
}

const changesOf = async (p: Person, query: string) => {
  const res = await p.call('GET', `/api/eproto/reviews/changes?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Changes>();
};

const idsOfList = async (p: Person, query = '') =>
  (await p.call('GET', `/api/eproto/reviews?${query}`)).json<{ id: number }[]>().map((r) => r.id);

describe('GET /reviews/changes', () => {
  it('a task sent to review: reviews.changed has its version, the page asks since it', async () => {
    const waiting = await insertTask(t, {
      muralId: muralA,
      stage: 'em_revisao',
      review: true,
      titulo: 'Vistoria',
    });
    await insertTask(t, { muralId: muralB, stage: 'em_revisao', review: true, titulo: 'Laudo B' });
    const task = await insertTask(t, {
      muralId: muralA,
      responsavelId: equipe.user.id,
      titulo: 'Laudo',
    });
    const seen: AppEvent[] = [];
    const stop = t.events.subscribe((e) => seen.push(e));
    const moved = await equipe.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'em_revisao',
    });
    stop();
    expect(moved.statusCode).toBe(200);
    const event = seen.find((e) => e.type === RT_EVENTS.reviewsChanged);
    const tasks = seen.find((e) => e.type === RT_EVENTS.protocolChanged);
    expect(event).toMatchObject({ data: { ids: [task.id], mural_id: muralA } });
    expect(event?.version).toBe(tasks?.version);
    expect(event?.userIds).toContain(gerente.user.id);
    expect(event?.userIds).not.toContain(outsider.user.id);

    const query = `contract_id=${contractA}&page=1&perPage=50`;
    const changes = await changesOf(gerente, `${query}&${cursorParam(event!.version!)}`);
    // The page's ids now, as the whole read orders them; only the task that moved changed.
    expect(changes.ids).toEqual(await idsOfList(gerente, query));
    expect(changes.ids).toEqual([waiting.id, task.id]);
    expect(changes.items.map((i) => i.id)).toEqual([task.id]);
    expect(changes.total).toBe(2);
    // The badge counts the whole queue (both contracts), as /reviews/count does.
    const badge = (await gerente.call('GET', '/api/eproto/reviews/count')).json().count as number;
    expect(changes.count).toBe(badge);
    expect(changes.count).toBeGreaterThan(changes.total);

    // Someone who did not see these reviews does not see them in the changes either.
    const theirs = await changesOf(outsider, cursorParam(event!.version!));
    expect(theirs).toMatchObject({ items: [], ids: [], total: 0, count: 0 });
    expect(await idsOfList(outsider)).toEqual([]);
  });

  it("a demand's new title comes in the rows of its reviews", async () => {
    const task = await insertTask(t, { muralId: muralB, stage: 'em_revisao', review: true });
    const since = new Date(Date.now() - 1_000).toISOString();
    await t.database.db
      .update(murals)
      .set({ titulo: 'Demanda B (medição)', updatedAt: new Date() })
      .where(eq(murals.id, muralB));
    const changes = await changesOf(gerente, `contract_id=${contractB}&${cursorParam(since)}`);
    expect(changes.items.map((i) => i.mural_titulo)).toContain('Demanda B (medição)');
    expect(changes.ids).toContain(task.id);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await changesOf(gerente, cursorParam(later))).items).toEqual([]);
  });

  it('is for reviewers only, like the queue (403), and needs a session (401)', async () => {
    const since = cursorParam(new Date().toISOString());
    expect((await equipe.call('GET', `/api/eproto/reviews?${since}`)).statusCode).toBe(403);
    expect((await equipe.call('GET', `/api/eproto/reviews/changes?${since}`)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: `/api/eproto/reviews/changes?${since}` });
    expect(res.statusCode).toBe(401);
  });

  it('requires updated_since', async () => {
    expect((await gerente.call('GET', '/api/eproto/reviews/changes')).statusCode).toBe(400);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await gerente.call('GET', `/api/eproto/reviews/changes?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });

  it.each(['contract_id=2147483648', 'contract_id=0x10', 'page=%00', 'perPage=1001', 'page=0'])(
    'refuses %s with 400',
    async (param) => {
      const since = cursorParam(new Date().toISOString());
      const res = await gerente.call('GET', `/api/eproto/reviews/changes?${param}&${since}`);
      expect(res.statusCode).toBe(400);
    },
  );
});
