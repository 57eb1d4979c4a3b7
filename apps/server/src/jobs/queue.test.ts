import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { until, waitForJob } from '../../test/jobs.ts';
import { createJobQueue, type JobHandler, type JobQueue, type QueueSpec } from './queue.ts';
import { jobHandlers } from './registry.ts';
import { JOB_SPECS } from './specs.ts';
import { serviceDepsOf } from '../../test/service-deps.ts';

let t: TestApp;
const started: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const q of started) await q.stop();
  await t.close();
});

const PERIODIC = Object.entries(JOB_SPECS).flatMap(([name, s]) => ('cron' in s ? [name] : []));

const quiet = { info: () => undefined, error: () => undefined };

/** A node's queue with its own specs and handlers, polling fast. */
async function node(specs: Record<string, QueueSpec>, handlers: Record<string, JobHandler>) {
  const q = createJobQueue({
    directUrl: t.database.directUrl,
    timeZone: 'America/Sao_Paulo',
    log: quiet,
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
  });
  q.register(specs, handlers);
  await q.start();
  started.push(q);
  return q;
}

const spec = (over: Partial<QueueSpec> = {}): QueueSpec => ({
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 30,
  ...over,
});

describe('the job queue', () => {
  it('registers every periodic job with its schedule in the company time zone', async () => {
    expect([...PERIODIC].sort()).toEqual(
      [
        'asset-plans',
        'deadline-reminders',
        'email-digest',
        'field-alerts',
        'idempotency-cleanup',
        'pt-expiry',
        'sst-alerts',
      ].sort(),
    );
    expect(Object.keys(jobHandlers(depsOf(t), t.app.services)).sort()).toEqual(
      Object.keys(JOB_SPECS).sort(),
    );
    await t.app.jobs.start();
    try {
      const rows = await t.database.db.execute<{ name: string; cron: string; tz: string }>(
        sql`select name, cron, options->>'tz' as tz from pgboss.schedule order by name`,
      );
      expect(rows.rows).toEqual(
        Object.entries(JOB_SPECS)
          .flatMap(([name, s]) =>
            'cron' in s ? [{ name, cron: s.cron, tz: t.config.COMPANY_TIME_ZONE }] : [],
          )
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
    } finally {
      await t.app.jobs.stop();
    }
  });

  it('runs every periodic job through the queue to completion', async () => {
    await t.app.jobs.start();
    try {
      for (const name of PERIODIC) {
        const id = await t.app.jobs.send(t.database.db, name, {});
        const job = await waitForJob(t, name, id!);
        expect({ name, state: job.state }).toEqual({ name, state: 'completed' });
      }
    } finally {
      await t.app.jobs.stop();
    }
  });

  it('runs each job once with several nodes taking from the queue', async () => {
    const runs: string[] = [];
    const handler: JobHandler = async (data) => {
      runs.push(String(data.n));
      await new Promise((r) => setTimeout(r, 5));
    };
    const specs = { 'teste-unico': spec() };
    const nodes = await Promise.all([1, 2, 3].map(() => node(specs, { 'teste-unico': handler })));
    const ids = [];
    for (let n = 0; n < 30; n++)
      ids.push((await nodes[n % 3]!.send(t.database.db, 'teste-unico', { n }))!);
    for (const id of ids) await waitForJob(nodes[0]!, 'teste-unico', id);
    expect(runs.sort()).toEqual(Array.from({ length: 30 }, (_, n) => String(n)).sort());
  });

  it('writes a job in the caller’s transaction: rolled back, it never runs', async () => {
    const runs: unknown[] = [];
    const q = await node({ 'teste-tx': spec() }, { 'teste-tx': async (d) => runs.push(d.x) });
    await t.database.db
      .transaction(async (tx) => {
        await q.send(tx, 'teste-tx', { x: 'desfeita' });
        throw new Error('desfaz');
      })
      .catch(() => undefined);
    const kept = await t.database.db.transaction((tx) => q.send(tx, 'teste-tx', { x: 'feita' }));
    await waitForJob(q, 'teste-tx', kept!);
    expect(runs).toEqual(['feita']);
  });

  it('retries a job that throws with backoff, then leaves it failed with its error; others still run', async () => {
    const tries: Date[] = [];
    const done: string[] = [];
    const q = await node(
      { 'teste-falha': spec({ retryLimit: 2, retryDelay: 1, retryBackoff: true }) },
      {
        'teste-falha': async (data) => {
          if (data.poison) {
            tries.push(new Date());
            throw new Error('Carga inválida: sem destinatário');
          }
          done.push(String(data.n));
        },
      },
    );
    const bad = (await q.send(t.database.db, 'teste-falha', { poison: true }))!;
    const good = [];
    for (let n = 0; n < 3; n++) good.push((await q.send(t.database.db, 'teste-falha', { n }))!);
    // The poisoned job does not hold the queue: the others finish while it waits to retry.
    for (const id of good) expect((await waitForJob(q, 'teste-falha', id)).state).toBe('completed');
    expect(done.sort()).toEqual(['0', '1', '2']);
    const failed = await waitForJob(q, 'teste-falha', bad, 30_000);
    expect(failed.state).toBe('failed');
    expect(failed.retryCount).toBe(2);
    expect(failed.output).toMatchObject({ message: 'Carga inválida: sem destinatário' });
    expect(tries).toHaveLength(3);
    // Backoff: the second wait is longer than the first.
    const [a, b, c] = tries.map((d) => d.getTime());
    expect(c! - b!).toBeGreaterThan(b! - a!);
  });

  it('a stop that arrives while the node is still starting ends it without an error', async () => {
    const q = createJobQueue({
      directUrl: t.database.directUrl,
      timeZone: 'America/Sao_Paulo',
      log: quiet,
      pollingIntervalSeconds: 0.5,
    });
    const specs: Record<string, QueueSpec> = {};
    const handlers: Record<string, JobHandler> = {};
    for (let n = 0; n < 6; n++) {
      specs[`teste-inicio-${n}`] = spec();
      handlers[`teste-inicio-${n}`] = async () => undefined;
    }
    q.register(specs, handlers);
    // SIGTERM right after the server listens: stop() is called before start() has finished.
    const starting = q.start();
    // …once the first queue exists, i.e. in the middle of creating the workers.
    await until(async () => !!(await q.boss.getQueue('teste-inicio-1').catch(() => null)), 20_000);
    const stopping = q.stop({ timeoutMs: 2_000 });
    await expect(starting).resolves.toBeUndefined();
    await expect(stopping).resolves.toBeUndefined();
  });

  it('stops cleanly: a stopped node takes no more jobs', async () => {
    const runs: unknown[] = [];
    const q = await node({ 'teste-parada': spec() }, { 'teste-parada': async (d) => runs.push(d) });
    await q.stop();
    await q.send(t.database.db, 'teste-parada', { n: 1 });
    const other = await node(
      { 'teste-parada': spec() },
      { 'teste-parada': async (d) => runs.push({ outro: d.n }) },
    );
    await until(() => runs.length === 1);
    expect(runs).toEqual([{ outro: 1 }]);
    await other.stop();
  });
});

function depsOf(x: TestApp) {
  return serviceDepsOf(x);
}
