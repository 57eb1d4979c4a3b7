import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransactionScope } from '../db/transaction-scope.ts';
import { activityLog, murals } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import type { SessionUser } from './auth.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../modules/murals/murals.fixtures.ts';
import { auditPlugin, RequestAudit, type UnrecordedWrite } from './audit.ts';

let t: TestApp;
let gerente: Person;
let ti: string;
let tiUser: { id: number };
let boardId: number;
let contractId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Gisele Prado');
  ({ cookie: ti, user: tiUser } = await userWithSession(t, 'TI'));
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

  it('a write request that changed nothing leaves no row', async () => {
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
    expect(rows).toEqual([]);
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
    expect(scope.close()).toEqual({ recorded: true, outside: [] });
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

describe('writes that once committed on the pool, outside a transaction', () => {
  /** The log's rows of one action by one user, with the transaction that wrote each. */
  const rowsBy = (action: string, userId: number) =>
    t.database.db
      .select({ objectId: activityLog.objectId, xmin: sql<string>`${activityLog}.xmin::text` })
      .from(activityLog)
      .where(and(eq(activityLog.action, action), eq(activityLog.userId, userId)));

  const xminOf = async (table: string, where: string, params: unknown[]) =>
    (
      await t.database.pool.query<{ xmin: string }>(
        `SELECT xmin::text FROM ${table} WHERE ${where}`,
        params,
      )
    ).rows.map((r) => r.xmin);

  /** Runs `fn` while inserting the activity row of `action` fails (after the write itself). */
  async function whileTheRowFails<T>(action: string, fn: () => Promise<T>): Promise<T> {
    await t.database.pool.query(`
      CREATE FUNCTION audit_row_fail() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'falha de teste'; END $$;
      CREATE TRIGGER audit_row_fail BEFORE INSERT ON activity_log
        FOR EACH ROW WHEN (NEW.action = '${action}') EXECUTE FUNCTION audit_row_fail();`);
    try {
      return await fn();
    } finally {
      await t.database.pool.query(`
        DROP TRIGGER audit_row_fail ON activity_log; DROP FUNCTION audit_row_fail();`);
    }
  }

  const call = (method: 'PUT' | 'PATCH' | 'POST', url: string, cookie: string, payload: object) =>
    t.app.inject({ method, url, headers: { ...spa, cookie }, payload });

  it('the company settings (one upsert) and their row commit together or not at all', async () => {
    const action = 'PUT /api/empresa';
    const ok = await call('PUT', '/api/empresa', ti, {
      nome: 'Serviços de Campo Ltda.',
      cnpj: '11.222.333/0001-81',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Already there when the answer arrives, in the upsert's own transaction.
    const rows = await rowsBy(action, tiUser.id);
    expect(rows).toHaveLength(1);
    expect(await xminOf('company_settings', 'true', [])).toEqual([rows[0]!.xmin]);

    const failed = await whileTheRowFails(action, () =>
      call('PUT', '/api/empresa', ti, { nome: 'Outro Nome Ltda.', cnpj: '11.222.333/0001-81' }),
    );
    expect(failed.statusCode).toBe(500);
    const { rows: company } = await t.database.pool.query('SELECT nome FROM company_settings');
    expect(company).toEqual([{ nome: 'Serviços de Campo Ltda.' }]);
    expect(await rowsBy(action, tiUser.id)).toHaveLength(1);
  });

  it('renaming a person (one update) and its row commit together or not at all', async () => {
    const action = 'PATCH /api/users/:id';
    const { user } = await userWithSession(t, 'Equipe');
    const ok = await call('PATCH', `/api/users/${user.id}`, ti, { nome: 'Renata Souza' });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await rowsBy(action, tiUser.id);
    expect(rows.map((r) => r.objectId)).toEqual([String(user.id)]);
    expect(await xminOf('users', 'id = $1', [user.id])).toEqual([rows[0]!.xmin]);

    const failed = await whileTheRowFails(action, () =>
      call('PATCH', `/api/users/${user.id}`, ti, { nome: 'Nome Que Não Fica' }),
    );
    expect(failed.statusCode).toBe(500);
    const { rows: names } = await t.database.pool.query('SELECT nome FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(names).toEqual([{ nome: 'Renata Souza' }]);
    expect(await rowsBy(action, tiUser.id)).toHaveLength(1);
  });

  it('a support ticket, its notifications and its row commit together or not at all', async () => {
    const action = 'POST /api/support/tickets';
    const ticket = (assunto: string) => ({
      assunto,
      descricao: 'Desde ontem não consigo entrar.',
      categoria: 'acesso',
      prioridade: 'alta',
    });
    const ok = await call('POST', '/api/support/tickets', gerente.cookie, ticket('Sem e-mail'));
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json<{ id: number }>().id;
    const rows = await rowsBy(action, gerente.user.id);
    expect(rows).toHaveLength(1);
    expect(await xminOf('support_tickets', 'id = $1', [id])).toEqual([rows[0]!.xmin]);
    // ti's notification of the new ticket is part of the same commit.
    expect(await xminOf('notifications', 'user_id = $1', [tiUser.id])).toEqual([rows[0]!.xmin]);

    const failed = await whileTheRowFails(action, () =>
      call('POST', '/api/support/tickets', gerente.cookie, ticket('Chamado desfeito')),
    );
    expect(failed.statusCode).toBe(500);
    const { rows: gone } = await t.database.pool.query(
      `SELECT id FROM support_tickets WHERE assunto = 'Chamado desfeito'`,
    );
    expect(gone).toEqual([]);
    expect(await xminOf('notifications', 'user_id = $1', [tiUser.id])).toHaveLength(1);
    expect(await rowsBy(action, gerente.user.id)).toHaveLength(1);
  });
});

describe('a write outside a transaction', () => {
  it('is what the scope reports, and only that', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const scope = new RequestAudit({ userId: null, action: 'POST /api/teste', objectId: m.id });
    await withTransactionScope(scope, async () => {
      await t.database.db.select().from(murals).where(eq(murals.id, m.id));
      await t.database.db.transaction((tx) =>
        tx.update(murals).set({ titulo: 'Na transação' }).where(eq(murals.id, m.id)),
      );
      await t.database.db.update(murals).set({ titulo: 'No pool' }).where(eq(murals.id, m.id));
    });
    const { recorded, outside } = scope.close();
    expect(recorded).toBe(true);
    expect(outside).toHaveLength(1);
    expect(outside[0]).toMatch(/^update "murals" set "titulo" = \$1/);
  });

  it('is reported after a successful answer, never recorded after it', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const reported: UnrecordedWrite[] = [];
    const app = Fastify();
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      req.user = { id: gerente.user.id, email: gerente.user.email } as SessionUser;
    });
    const deps = {
      database: t.database,
      onUnrecordedWrite: (w: UnrecordedWrite) => reported.push(w),
    };
    await app.register(auditPlugin, deps as Partial<AppDeps> as AppDeps);
    const retitle = (titulo: string) =>
      t.database.db.update(murals).set({ titulo }).where(eq(murals.id, m.id));
    app.post('/api/teste/pool/:id', async () => {
      await retitle('No pool');
      return { ok: true };
    });
    app.post('/api/teste/tx/:id', async () => {
      await t.database.db.transaction((tx) =>
        tx.update(murals).set({ titulo: 'Na transação' }).where(eq(murals.id, m.id)),
      );
      return { ok: true };
    });
    app.post('/api/teste/recusa/:id', async (_req, reply) => {
      await retitle('Recusado');
      return reply.status(409).send({ error: 'Conflito.' });
    });
    try {
      const pool = await app.inject({ method: 'POST', url: `/api/teste/pool/${m.id}` });
      expect(pool.statusCode).toBe(200);
      expect(reported).toEqual([
        {
          action: 'POST /api/teste/pool/:id',
          status: 200,
          statements: [expect.stringMatching(/^update "murals" set "titulo"/)],
        },
      ]);
      // No row for it, then or later: the answer does not write one after the fact.
      expect(await rowsOf('POST /api/teste/pool/:id', m.id)).toHaveLength(0);

      const inTx = await app.inject({ method: 'POST', url: `/api/teste/tx/${m.id}` });
      expect(inTx.statusCode).toBe(200);
      expect(await rowsOf('POST /api/teste/tx/:id', m.id)).toHaveLength(1);
      // A refused answer is not a write to account for.
      const refused = await app.inject({ method: 'POST', url: `/api/teste/recusa/${m.id}` });
      expect(refused.statusCode).toBe(409);
      expect(reported).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
