import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralMessages, murals, notifications } from '../db/schema/index.ts';
import { runMigrations } from '../db/migrate.ts';
import { runDeadlineReminders } from '../jobs/deadline-reminders.ts';
import { JOB_SPECS } from '../jobs/specs.ts';
import { createFieldAlertsService } from '../jobs/field-alerts.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../modules/murals/murals.fixtures.ts';
import { cloneTestDatabase, createTestApp, spa, type TestApp } from '../../test/helpers.ts';
import {
  PGBOUNCER,
  pgbouncerAvailable,
  startPgBouncer,
  type TestPgBouncer,
} from '../../test/pgbouncer.ts';
import { waitForJob } from '../../test/jobs.ts';
import { createSecondNode, listen, openSse } from '../../test/sse.ts';
import { serviceDepsOf } from '../../test/service-deps.ts';

// Two app nodes whose pools go through PgBouncer in transaction mode (3 server connections for
// their 10 client connections, so consecutive statements of one client land on different server
// sessions), with LISTEN/NOTIFY and migrations on the direct connection (DATABASE_DIRECT_URL).
const available = pgbouncerAvailable();
if (!available) {
  console.warn(
    `\nPgBouncer não encontrado em ${PGBOUNCER}: o teste "app atrás do PgBouncer" foi pulado.\n` +
      'Instale o pacote Debian com: sudo apt-get install -y pgbouncer (npm test o instala sozinho ' +
      'quando roda como root), ou aponte PGBOUNCER_PATH para o executável.\n',
  );
}

let bouncer: TestPgBouncer;
let a: TestApp;
let b: Awaited<ReturnType<typeof createSecondNode>>;
let baseB: string;
let direct: pg.Client;
let gerente: Person;
let equipe: Person;
let boardId: number;
let contractId: number;

/**
 * Advisory locks held right now by any session on this test's database, seen from PostgreSQL
 * itself (test files running at the same time, each on its own database of the same server,
 * take theirs: counted too, they failed this file now and then).
 */
async function advisoryLocks(): Promise<number> {
  const r = await direct.query<{ n: number }>(
    `select count(*)::int as n from pg_locks where locktype = 'advisory'
       and database = (select oid from pg_database where datname = current_database())`,
  );
  return r.rows[0]!.n;
}

describe.skipIf(!available)('the app behind PgBouncer (transaction pooling)', () => {
  beforeAll(async () => {
    const url = await cloneTestDatabase();
    bouncer = await startPgBouncer(url, 3);
    a = await createTestApp({}, { database: { url: bouncer.pooledUrl, directUrl: url } });
    b = await createSecondNode(a);
    baseB = await listen(b.app);
    direct = new pg.Client({ connectionString: url });
    await direct.connect();
    gerente = await person(a, 'Gerente', 'Glória Gerente');
    equipe = await person(a, 'Equipe de Campo', 'Evandro Equipe');
    contractId = (await makeContract(a)).id;
    await linkContract(a, contractId, gerente.user.id, equipe.user.id);
    boardId = (await makeBoard(a, { contractId })).id;
  });

  afterAll(async () => {
    await direct?.end();
    await b?.close();
    await a?.close();
    await bouncer?.stop();
  });

  it('really goes through PgBouncer: the pool is served by its few server connections', async () => {
    const pids = await Promise.all(
      Array.from({ length: 10 }, () =>
        a.database.pool.query<{ pid: number }>('select pg_backend_pid() as pid'),
      ),
    );
    const distinct = new Set(pids.map((r) => r.rows[0]!.pid));
    expect(distinct.size).toBeLessThanOrEqual(bouncer.serverConnections);
  });

  it('runs migrations on the direct connection and releases their lock', async () => {
    await runMigrations(a.database);
    expect(await advisoryLocks()).toBe(0);
  });

  it('writes in transactions from both nodes at once, and each node reads the others', async () => {
    const m = await makeMural(a, {
      boardId,
      contractId,
      titulo: 'Revisão da subestação',
      responsavelId: equipe.user.id,
      createdBy: gerente.user.id,
    });
    const post = (node: { app: TestApp['app'] }, who: Person, texto: string) =>
      node.app.inject({
        method: 'POST',
        url: `/api/eproto/murals/${m.id}/messages`,
        headers: { ...spa, cookie: who.cookie },
        payload: { texto },
      });
    // 24 writes (message, history, notifications, audit in one transaction each) over
    // 10 client connections sharing 3 server connections.
    const sent = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        post(i % 2 ? b : a, i % 3 ? equipe : gerente, `Leitura ${i} @Glória Gerente`),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    const rows = await a.database.db
      .select()
      .from(muralMessages)
      .where(eq(muralMessages.muralId, m.id));
    expect(rows).toHaveLength(24);

    const moved = await b.app.inject({
      method: 'PATCH',
      url: `/api/eproto/murals/${m.id}/kanban`,
      headers: { ...spa, cookie: gerente.cookie },
      payload: { stage: 'em_andamento' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = await a.app.inject({
      method: 'GET',
      url: `/api/eproto/murals/${m.id}`,
      headers: { cookie: equipe.cookie },
    });
    expect(read.json<{ stage: string }>().stage).toBe('em_andamento');
  });

  it('reads the demand list over and over from both nodes with no statement prepared by name', async () => {
    // On PostgreSQL itself the list's page statement is prepared by name (executeHot); through
    // the pooler it must not be, or a later run on another server session finds no such
    // statement. Each perPage is a new answer (no read cache), 40 runs over 3 server sessions.
    const runs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? b : a).app.inject({
          method: 'GET',
          url: `/api/eproto/murals/summary?board_id=${boardId}&perPage=${50 + i}`,
          headers: { cookie: gerente.cookie },
        }),
      ),
    );
    expect(runs.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    expect(runs.every((r) => r.json<{ titulo: string }[]>().length >= 1)).toBe(true);
  });

  it('fans events out between the nodes: a chat message sent on A reaches an SSE tab on B', async () => {
    const stream = await openSse(baseB, equipe.cookie);
    await stream.next((m) => m.type === 'hello');
    const sent = await a.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { ...spa, cookie: gerente.cookie },
      payload: { to: equipe.user.id, content: 'Chegou pelo outro nó?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const ev = await stream.next((m) => m.type === 'chat.message');
    expect(ev.data).toMatchObject({ from: gerente.user.id, to: equipe.user.id });
    stream.close();
  });

  it('runs each job once across the nodes and leaves no advisory lock behind', async () => {
    const stream = await openSse(baseB, equipe.cookie);
    await stream.next((m) => m.type === 'hello');
    const late = await makeMural(a, {
      boardId,
      contractId,
      titulo: 'Laudo atrasado',
      responsavelId: equipe.user.id,
      createdBy: gerente.user.id,
    });
    await a.database.db
      .update(murals)
      .set({ fimPrevisto: '2026-03-01' })
      .where(eq(murals.id, late.id));
    const today = '2026-03-10';
    const runs = await Promise.all(
      [a, b].map((node) =>
        runDeadlineReminders(
          { database: node.database, events: node.events, config: a.config },
          { today },
        ),
      ),
    );
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
    const reminders = await a.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'deadline_reminder'));
    expect(reminders.filter((n) => n.muralId === late.id)).toHaveLength(1);
    // The reminder written through node A or B reaches the tab open on node B.
    await stream.next((m) => m.type === 'notification');
    stream.close();

    // Field alerts: the job lock is taken and released in one transaction, so no run leaves a
    // lock on a pooled server connection that would lock every later run out.
    const alerts = [a, b].map((node) =>
      createFieldAlertsService(serviceDepsOf({ ...node, config: a.config }), node.app.services),
    );
    for (let round = 0; round < 3; round++) {
      await Promise.all(alerts.map((s) => s.runOnce()));
      expect(await advisoryLocks()).toBe(0);
    }
    expect(await advisoryLocks()).toBe(0);
  });

  it('runs every periodic job through the queue with both nodes working, each once', async () => {
    // The jobs are written through the pooler (in a transaction of the app's pool); the
    // workers and schedules of both nodes use their session connection (DATABASE_DIRECT_URL).
    await Promise.all([a.app.jobs.start(), b.app.jobs.start()]);
    try {
      const names = Object.entries(JOB_SPECS).flatMap(([n, s]) => ('cron' in s ? [n] : []));
      const ids = await Promise.all(
        names.map((name, i) => {
          const node = i % 2 ? b : a;
          return node.database.db.transaction((tx) => node.app.jobs.send(tx, name, {}));
        }),
      );
      const done = await Promise.all(names.map((name, i) => waitForJob(a, name, ids[i]!)));
      expect(done.map((j) => [j.name, j.state])).toEqual(names.map((n) => [n, 'completed']));
    } finally {
      await Promise.all([a.app.jobs.stop(), b.app.jobs.stop()]);
    }
    expect(await advisoryLocks()).toBe(0);
  });
});
