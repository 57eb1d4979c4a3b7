import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransactionScope } from '../db/transaction-scope.ts';
import { activityLog, murals } from '../db/schema/index.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../modules/murals/murals.fixtures.ts';
import { RequestAudit } from './audit.ts';

let t: TestApp;
let gerente: Person;
let ti: string;
let boardId: number;
let contractId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Gisele Prado');
  ti = (await userWithSession(t, 'TI')).cookie;
  contractId = (await makeContract(t)).id;
  await linkContract(t, contractId, gerente.user.id);
  boardId = (await makeBoard(t, { contractId })).id;
});
afterAll(async () => t.close());

const KANBAN = 'PATCH /api/eproto/murals/:id/kanban';

/** The log's rows of one action on one object, with the transaction that wrote each. */
const rowsOf = (action: string, objectId: number) =>
  t.database.db
    .select({
      userId: activityLog.userId,
      email: activityLog.email,
      objectType: activityLog.objectType,
      xmin: sql<string>`${activityLog}.xmin::text`,
    })
    .from(activityLog)
    .where(and(eq(activityLog.action, action), eq(activityLog.objectId, String(objectId))));

const stageOf = async (id: number) =>
  (await t.database.db.select({ s: murals.stage }).from(murals).where(eq(murals.id, id)))[0]!.s;

describe('audit rows of API writes', () => {
  it('a kanban move leaves exactly one row, committed by the move’s own transaction', async () => {
    const m = await makeMural(t, { boardId, contractId, titulo: 'Trocar disjuntor' });
    const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
      stage: 'em_andamento',
    });
    expect(res.statusCode, res.body).toBe(200);

    const rows = await rowsOf(KANBAN, m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: gerente.user.id,
      email: gerente.user.email,
      objectType: 'murals',
    });
    // The same transaction id as the demand's new version: one COMMIT for both.
    const [demand] = await t.database.db
      .execute<{ xmin: string }>(sql`SELECT xmin::text FROM ${murals} WHERE id = ${m.id}`)
      .then((r) => r.rows);
    expect(rows[0]!.xmin).toBe(demand!.xmin);

    // What /users/activity shows of it is unchanged.
    const feed = await t.app.inject({
      method: 'GET',
      url: `/api/activity?userId=${gerente.user.id}`,
      headers: { cookie: ti },
    });
    expect(feed.json<{ items: Array<{ label: string }> }>().items[0]!.label).toBe(
      `Mudou a etapa da demanda #${m.id} Trocar disjuntor`,
    );
  });

  it('a move whose transaction rolls back leaves neither the move nor a row', async () => {
    const m = await makeMural(t, { boardId, contractId });
    // The history insert, the move's last statement before COMMIT, fails.
    await t.database.pool.query(`
      CREATE FUNCTION audit_test_fail() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'falha de teste'; END $$;
      CREATE TRIGGER audit_test_fail BEFORE INSERT ON mural_history
        FOR EACH ROW WHEN (NEW.mural_id = ${m.id}) EXECUTE FUNCTION audit_test_fail();`);
    try {
      const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
        stage: 'em_andamento',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.pool.query(`
        DROP TRIGGER audit_test_fail ON mural_history; DROP FUNCTION audit_test_fail();`);
    }
    expect(await stageOf(m.id)).toBe('a_fazer');
    expect(await rowsOf(KANBAN, m.id)).toHaveLength(0);

    // The same move again, now committed: one row.
    const again = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
      stage: 'em_andamento',
    });
    expect(again.statusCode).toBe(200);
    expect(await rowsOf(KANBAN, m.id)).toHaveLength(1);
  });

  it('a refused write leaves no row', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, {
      stage: 'nao_existe',
    });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(KANBAN, m.id)).toHaveLength(0);
  });

  it('marking a demand viewed (one statement) commits its row in the same transaction', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}/visualizado`, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf('PATCH /api/eproto/murals/:id/visualizado', m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(gerente.user.id);
    const [view] = await t.database.pool
      .query<{ xmin: string }>(
        'SELECT xmin::text FROM mural_views WHERE mural_id = $1 AND user_id = $2',
        [m.id, gerente.user.id],
      )
      .then((r) => r.rows);
    expect(rows[0]!.xmin).toBe(view!.xmin);
  });

  it('a write request that changed nothing in a transaction still leaves its one row', async () => {
    const { user, cookie } = await userWithSession(t, 'Equipe');
    // Nothing unread: the UPDATE touches no row, so no transaction took the row.
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/eproto/notifications/read-all',
      headers: { ...spa, cookie },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.userId, user.id), sql`${activityLog.action} <> 'login'`));
    expect(rows).toEqual([{ action: 'PATCH /api/eproto/notifications/read-all' }]);
  });
});

describe('the request scope of transactions', () => {
  const entry = (objectId: number) => ({ userId: null, action: 'POST /api/teste', objectId });
  const logged = (objectId: number) => rowsOf('POST /api/teste', objectId);

  it('a read-only transaction before the write does not take the row; the write’s does', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const scope = new RequestAudit(entry(m.id));
    await withTransactionScope(scope, async () => {
      await t.database.db.transaction(async (tx) => tx.select().from(murals).limit(1));
      expect(await logged(m.id)).toHaveLength(0);
      const [first] = await t.database.db.transaction(async (tx) =>
        tx
          .update(murals)
          .set({ titulo: 'Depois' })
          .where(eq(murals.id, m.id))
          .returning({ xmin: sql<string>`${murals}.xmin::text` }),
      );
      // A second writing transaction of the same request adds no second row.
      await t.database.db.transaction(async (tx) =>
        tx.update(murals).set({ titulo: 'Depois 2' }).where(eq(murals.id, m.id)),
      );
      const rows = await logged(m.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.xmin).toBe(first!.xmin);
    });
    expect(scope.close()).toBe(false);
  });

  it('a writing transaction that rolls back leaves the row to the next one', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const scope = new RequestAudit(entry(m.id));
    await withTransactionScope(scope, async () => {
      await expect(
        t.database.db.transaction(async (tx) => {
          await tx.update(murals).set({ titulo: 'Desfeito' }).where(eq(murals.id, m.id));
          tx.rollback();
        }),
      ).rejects.toThrow();
      expect(await logged(m.id)).toHaveLength(0);
      const [written] = await t.database.db.transaction(async (tx) =>
        tx
          .update(murals)
          .set({ titulo: 'Feito' })
          .where(eq(murals.id, m.id))
          .returning({ xmin: sql<string>`${murals}.xmin::text` }),
      );
      expect((await logged(m.id))[0]?.xmin).toBe(written!.xmin);
    });
    expect(await logged(m.id)).toHaveLength(1);
  });
});
