import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.ts';
import { dataDirWithCluster } from '../../test/pg-template.ts';
import { signIn, spawnServer, waitReady, type ServerProcess } from '../../test/process.ts';

// Issue 38.7: PostgreSQL stopped with SIGSTOP (hung, not dead): health turns 503 within
// DB_UNHEALTHY_AFTER_SECONDS, requests that need the database answer 503 within a bound, and
// everything comes back by itself on SIGCONT.

const dirs: string[] = [];
let server: ServerProcess | null = null;
let db: EmbeddedDb | null = null;
let stopped: number[] = [];

afterAll(async () => {
  for (const pid of stopped) signal(pid, 'SIGCONT');
  if (server && server.proc.exitCode === null) server.proc.kill('SIGTERM');
  await server?.exited;
  await db?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

/** The postmaster of a data directory and every process it started (the backends). */
function postgresProcesses(pgDir: string): number[] {
  const pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return [pid, ...children];
}

/** Status of a GET and how long it took; a request still open after `limitMs` fails the test. */
async function timed(url: string, cookie?: string, limitMs = 20_000) {
  const started = Date.now();
  const res = await fetch(url, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(limitMs),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: Date.now() - started };
}

describe('a hung database (SIGSTOP)', () => {
  it('answers 503 within the bounds while stopped and recovers on SIGCONT', async () => {
    const dir = dataDirWithCluster('eproto-hung-');
    dirs.push(dir);
    db = await startEmbeddedPostgres(dir, { info: () => undefined, warn: () => undefined });
    server = await spawnServer({
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dir, 'files'),
      DB_UNHEALTHY_AFTER_SECONDS: '3',
      DB_ACQUIRE_TIMEOUT_SECONDS: '2',
      DB_QUERY_TIMEOUT_SECONDS: '3',
    });
    await waitReady(server);
    const cookie = await signIn(server.url, 'gerente@eproto.test');
    expect((await timed(`${server.url}/api/support/tickets/`, cookie)).status).toBe(200);

    stopped = postgresProcesses(path.join(dir, 'pg'));
    for (const pid of stopped) signal(pid, 'SIGSTOP');
    const stoppedAt = Date.now();

    // Requests that need the database: a query on a pooled connection (query timeout), then
    // more at once than the pool holds (acquire timeout). Never a hang, never a 500.
    const one = await timed(`${server.url}/api/support/tickets/`, cookie);
    expect(one.status).toBe(503);
    expect(one.ms).toBeLessThan(8_000);
    const many = await Promise.all(
      Array.from({ length: 14 }, () =>
        timed(`${server!.url}/api/support/tickets/?search=x`, cookie),
      ),
    );
    for (const r of many) {
      expect(r.status).toBe(503);
      expect(r.ms).toBeLessThan(12_000);
    }

    // Health: 503 once the database has been unreachable for DB_UNHEALTHY_AFTER_SECONDS
    // (3 s, plus the probe's own 3 s timeout and 1 s interval).
    let health = await timed(`${server.url}/api/health`);
    while (health.status !== 503 && Date.now() - stoppedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 250));
      health = await timed(`${server.url}/api/health`);
    }
    expect(health.status).toBe(503);
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);

    for (const pid of stopped) signal(pid, 'SIGCONT');
    stopped = [];
    const resumedAt = Date.now();
    let back = await timed(`${server.url}/api/support/tickets/`, cookie);
    while (back.status !== 200 && Date.now() - resumedAt < 30_000) {
      await new Promise((r) => setTimeout(r, 250));
      back = await timed(`${server.url}/api/support/tickets/`, cookie);
    }
    expect(back.status).toBe(200);
    let healthBack = await timed(`${server.url}/api/health`);
    while (healthBack.status !== 200 && Date.now() - resumedAt < 30_000) {
      await new Promise((r) => setTimeout(r, 250));
      healthBack = await timed(`${server.url}/api/health`);
    }
    expect(healthBack.status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
  }, 240_000);
});
