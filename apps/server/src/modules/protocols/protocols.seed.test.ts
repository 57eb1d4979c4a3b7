import { criticalPath, findCycle, startViolations } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocols, taskDependencies } from '../../db/schema/index.ts';
import { spa, type TestApp } from '../../../test/helpers.ts';
import { createDemoApp, demoCookie } from '../../../test/demo-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => t.close());

async function as(email: string) {
  const cookie = await demoCookie(t, email);
  return (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...spa, cookie }, payload });
}

describe('demo tasks', () => {
  it('creates tasks with dependencies and lags that respect the scheduling rule', async () => {
    const tasks = await t.database.db.select().from(protocols);
    const links = await t.database.db.select().from(taskDependencies);
    expect(tasks.length).toBeGreaterThanOrEqual(150);
    expect(links.length).toBeGreaterThanOrEqual(100);
    expect(links.some((l) => l.lagDays > 0)).toBe(true);
    expect(links.some((l) => l.lagDays < 0)).toBe(true);
    const deps = links.map((l) => ({
      id: l.id,
      protocol_id: l.protocolId,
      predecessor_id: l.predecessorId,
      lag_days: l.lagDays,
    }));
    const sched = tasks.map((x) => ({
      id: x.id,
      inicio_previsto: x.inicioPrevisto,
      fim_previsto: x.fimPrevisto,
    }));
    expect(findCycle(deps)).toBeNull();
    for (const x of sched) {
      expect(startViolations(sched, deps, x.id, x.inicio_previsto), `task ${x.id}`).toEqual([]);
    }
    expect(criticalPath(sched, deps).length_days).toBeGreaterThan(0);
    expect(new Set(tasks.map((x) => x.stage))).toEqual(
      new Set(['a_fazer', 'em_andamento', 'em_revisao', 'concluido']),
    );
    const dates = tasks.map((x) => x.fimPrevisto!).sort();
    expect(dates[0]! < dates[dates.length - 1]!).toBe(true);
  });

  it('gives the gerente pending reviews, and approving one drops the count by one', async () => {
    const call = await as('gerente@eproto.test');
    const before = (await call('GET', '/api/eproto/reviews/count')).json().count as number;
    expect(before).toBeGreaterThanOrEqual(3);
    const list = await call('GET', '/api/eproto/reviews');
    const first = list.json()[0] as { id: number };
    const res = await call('PATCH', `/api/eproto/reviews/${first.id}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/eproto/reviews/count')).json().count).toBe(before - 1);
  });

  it('equipe sees its own tasks and pages load for it', async () => {
    const call = await as('equipe@eproto.test');
    const mine = await call('GET', '/api/eproto/protocols?perPage=5');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0);
    const id = (mine.json()[0] as { id: number }).id;
    expect((await call('GET', `/api/eproto/protocols/${id}/dependencies`)).statusCode).toBe(200);
  });
});
