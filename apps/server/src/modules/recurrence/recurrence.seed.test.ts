import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '@eproto/domain';
import type { TestApp } from '../../../test/helpers.ts';
import { createDemoApp, demoCookie } from '../../../test/demo-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => t.close());

/** Calls the API as a demo person. */
async function as(email: string) {
  const cookie = await demoCookie(t, email);
  return (method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, [CSRF_HEADER]: CSRF_VALUE },
    });
}

describe('demo finance and recurrence data', () => {
  it('has nothing created or updated in the future (no "Atualizada em um mês")', async () => {
    const { rows } = await t.database.pool.query<{ what: string; n: string }>(`
      select 'murals' as what, count(*) as n from murals
        where created_at > now() or updated_at > now() or last_activity_at > now()
      union all select 'protocols', count(*) from protocols where created_at > now()
      union all select 'mural_history', count(*) from mural_history where created_at > now()
      union all select 'recurrences', count(*) from recurrences where created_at > now()`);
    expect(rows.map((r) => `${r.what}: ${r.n}`)).toEqual([
      'murals: 0',
      'protocols: 0',
      'mural_history: 0',
      'recurrences: 0',
    ]);
  });

  it('has demands in every finance state, seen by financeiro and the CFO', async () => {
    for (const email of ['financeiro@eproto.test', 'cfo@eproto.test']) {
      const call = await as(email);
      const counters = (await call('GET', '/api/eproto/financeiro/contador')).json<
        { status: string; total: number }[]
      >();
      for (const c of counters) expect(c.total, `${email} ${c.status}`).toBeGreaterThan(0);
      const list = await call('GET', '/api/eproto/financeiro/murals');
      expect(list.json<unknown[]>().length).toBe(counters.reduce((sum, c) => sum + c.total, 0));
    }
    const gerente = await as('gerente@eproto.test');
    expect((await gerente('GET', '/api/eproto/financeiro/contador')).statusCode).toBe(403);
  });

  it('has weekly and monthly series whose current instance advances', async () => {
    const coord = await as('coordenador@eproto.test');
    const bases = (await coord('GET', '/api/eproto/recurrence/bases')).json<
      { titulo: string; frequencia: string; current_mural_id: number; instances_count: number }[]
    >();
    const weekly = bases.find((b) => b.titulo === 'Inspeção semanal de segurança');
    expect(weekly).toMatchObject({ frequencia: 'semanal' });
    expect(weekly!.instances_count).toBeGreaterThanOrEqual(4);
    const monthly = (
      await (
        await as('tatiane.rocha@eproto.test')
      )('GET', '/api/eproto/recurrence/bases')
    ).json<{ titulo: string; frequencia: string; dia_mes: number }[]>();
    expect(monthly.find((b) => b.titulo === 'Relatório mensal de medição')).toMatchObject({
      frequencia: 'mensal',
      dia_mes: 31,
    });
    const adv = await coord(
      'POST',
      `/api/eproto/recurrence/v2/murals/${weekly!.current_mural_id}/conclude-and-advance`,
    );
    expect(adv.statusCode, adv.body).toBe(200);
    expect(adv.json().next.seq).toBe(weekly!.instances_count + 1);
  });
});
