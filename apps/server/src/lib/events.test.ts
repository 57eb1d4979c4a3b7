import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { BUS_RESYNC, EventBus, type AppEvent } from './events.ts';

let t: TestApp;
let otherPool: pg.Pool;
let other: EventBus;

beforeAll(async () => {
  t = await createTestApp();
  // A second node on the same database.
  otherPool = new pg.Pool({ connectionString: poolUrl(t.database.pool) });
  other = new EventBus(otherPool);
  await other.start();
});
afterAll(async () => {
  await other.stop();
  await otherPool.end();
  await t.close();
});

function poolUrl(pool: pg.Pool): string {
  const o = pool.options as { connectionString?: string };
  return o.connectionString!;
}

function next(bus: EventBus, match: (e: AppEvent) => boolean, ms = 10_000): Promise<AppEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`evento não chegou em ${ms} ms`));
    }, ms);
    const off = bus.subscribe((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

describe('EventBus after the database connection drops', () => {
  it('listens again by itself, says so (resync) and hears other nodes again', async () => {
    const resynced = next(t.events, (e) => e.type === BUS_RESYNC);
    // The server ends the LISTEN connection, as a restart or failover would.
    const killed = await otherPool.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(1);
    await resynced;

    const heard = next(t.events, (e) => e.type === 'agenda.changed');
    await other.publish({ type: 'agenda.changed', data: { n: 1 } });
    expect((await heard).data).toEqual({ n: 1 });
  });

  it('publish never throws once the write is done, even with the database gone', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://x:y@127.0.0.1:1/x' });
    const bus = new EventBus(pool);
    // Started against a server that is down: relistening is left to the retry timer.
    await expect(bus.start()).rejects.toThrow();
    const local = next(bus, (e) => e.type === 'fleet.changed');
    await expect(bus.publish({ type: 'fleet.changed' })).resolves.toBeUndefined();
    await local;
    await bus.stop();
    await pool.end();
  });
});
