import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.ts';
import {
  call,
  freePort,
  signIn,
  spawnServer,
  waitReady,
  type ServerProcess,
} from '../../test/process.ts';
import { dataDirWithCluster } from '../../test/pg-template.ts';
import { openSse } from '../../test/sse.ts';

// The database goes away under a running app (kill -9 of the postmaster) and comes back.
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const externals: EmbeddedDb[] = [];

/** A new DATA_DIR; `cluster`: holding a copy of the run's initialised cluster (no initdb). */
function tempDir(prefix: string, cluster = true) {
  const dir = cluster ? dataDirWithCluster(prefix) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  for (const db of externals) await db.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The running postmaster of a data directory: pid and port from postmaster.pid. */
function postmaster(pgDir: string): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

interface Outcome {
  at: number;
  status: number;
  id?: number;
  retryAfter?: string | null;
  error?: string;
}

/**
 * Creates demands with `workers` clients in a loop until stop() is called; records every
 * answer (status, id, when).
 */
function writeLoad(url: string, cookie: string, boardId: number, workers = 4) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  let n = 0;
  const worker = async () => {
    while (!stopped) {
      const res = await fetch(`${url}/api/eproto/murals`, {
        method: 'POST',
        headers: { cookie, 'x-requested-with': 'eproto', 'content-type': 'application/json' },
        body: JSON.stringify({ titulo: `Queda ${n++}`, board_id: boardId, prioridade: 'media' }),
      });
      const json = (await res.json()) as { id?: number; error?: string };
      outcomes.push({
        at: Date.now(),
        status: res.status,
        id: json.id,
        retryAfter: res.headers.get('retry-after'),
        error: json.error,
      });
      // A client told to retry later does not hammer the server.
      if (res.status === 503) await sleep(50);
    }
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    outcomes,
    acked: () => outcomes.filter((o) => o.status === 201 || o.status === 200),
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Polls /api/health every 100 ms; returns the statuses seen, in order, without repeats. */
function watchHealth(url: string) {
  const seen: number[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const status = await fetch(`${url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (seen.at(-1) !== status) seen.push(status);
      await sleep(100);
    }
  })();
  return {
    seen,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

async function waitFor(what: string, ok: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`${what}: não aconteceu em ${ms} ms`);
    await sleep(50);
  }
}

async function firstBoard(url: string, cookie: string): Promise<number> {
  const boards = (await call(`${url}/api/eproto/boards`, cookie, 'GET')).json as
    Array<{ id: number }> | { items: Array<{ id: number }> };
  return (Array.isArray(boards) ? boards : boards.items)[0]!.id;
}

/** Every demand id of the list that is not in the database (read directly, not through the app). */
async function missing(dbUrl: string, ids: number[]): Promise<number[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const found = await client.query<{ id: number }>(
      'SELECT id FROM murals WHERE id = ANY($1::int[])',
      [ids],
    );
    const have = new Set(found.rows.map((r) => r.id));
    return ids.filter((id) => !have.has(id));
  } finally {
    await client.end();
  }
}

function expectOnly503DuringOutage(outcomes: Outcome[]) {
  const statuses = new Set(outcomes.map((o) => o.status));
  expect([...statuses].sort(), 'respostas durante a carga').toEqual(
    [...statuses].filter((s) => s === 201 || s === 503).sort(),
  );
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(unavailable.length, 'nenhum 503 durante a queda').toBeGreaterThan(0);
  for (const o of unavailable) {
    expect(o.retryAfter).toBe('5');
    expect(o.error).toBe('Serviço temporariamente indisponível.');
  }
}

describe('database outage', () => {
  it('embedded: kill -9 of the postmaster under writes — restarted, 503 meanwhile, nothing acknowledged lost', async () => {
    const dir = tempDir('eproto-outage-');
    const app = await spawnServer({
      DATA_DIR: dir,
      DATABASE_URL: undefined,
      DB_UNHEALTHY_AFTER_SECONDS: '0',
    });
    servers.push(app);
    await waitReady(app);
    const cookie = await signIn(app.url, 'gerente@eproto.test');
    const load = writeLoad(app.url, cookie, await firstBoard(app.url, cookie));
    const health = watchHealth(app.url);

    await waitFor('escritas antes da queda', () => load.acked().length >= 20, 60_000);
    const before = postmaster(path.join(dir, 'pg'));
    process.kill(before.pid, 'SIGKILL');
    const killedAt = Date.now();

    // Back with no manual step: a write started after the kill succeeds within 15 s.
    await waitFor(
      'escrita confirmada depois da queda',
      // The health check runs on its own connection once a second: it may see the dead
      // connection only after a fast restart, so wait for its 503 and its way back to 200.
      () =>
        load.acked().some((o) => o.at > killedAt && o.id! > 0) &&
        health.seen.includes(503) &&
        health.seen.at(-1) === 200,
      15_000,
    );
    const recoveredAt = load.acked().find((o) => o.at > killedAt)!.at;
    const ackedBeforeRecovery = load.acked().length;
    await waitFor(
      'mais escritas depois',
      () => load.acked().length >= ackedBeforeRecovery + 20,
      30_000,
    );
    await load.stop();
    await health.stop();

    expect(recoveredAt - killedAt).toBeLessThan(15_000);
    expectOnly503DuringOutage(load.outcomes);
    expect(health.seen, 'saúde: ok, indisponível, ok').toEqual([200, 503, 200]);

    const after = postmaster(path.join(dir, 'pg'));
    expect(after.pid).not.toBe(before.pid);
    expect(after.port).toBe(before.port);
    const { password } = JSON.parse(
      fs.readFileSync(path.join(dir, 'pg-credentials.json'), 'utf8'),
    ) as { password: string };
    const dbUrl = `postgres://eproto:${password}@127.0.0.1:${after.port}/eproto`;
    const acked = load.acked().map((o) => o.id!);
    expect(await missing(dbUrl, acked), 'demandas confirmadas (201) e perdidas').toEqual([]);

    expect(app.output()).toMatch(
      /PostgreSQL embutido \(pid \d+\) encerrou sozinho \(sinal SIGKILL\)/,
    );
    expect(app.output()).toMatch(/PostgreSQL embutido reiniciado em \d+ ms .*recuperação de falha/);
    expect(app.proc.exitCode).toBeNull();
  }, 180_000);

  it('external DATABASE_URL: the server goes away and comes back; both nodes reconnect by themselves', async () => {
    const dir = tempDir('eproto-outage-ext-');
    const quiet = { info: () => undefined, warn: () => undefined };
    let db = await startEmbeddedPostgres(dir, quiet);
    externals.push(db);
    const port = Number(new URL(db.url).port);
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: path.join(dir, 'files'),
      DB_UNHEALTHY_AFTER_SECONDS: '0',
    };
    const a = await spawnServer(env);
    servers.push(a);
    await waitReady(a);
    const b = await spawnServer(env);
    servers.push(b);
    await waitReady(b);

    const cookie = await signIn(a.url, 'gerente@eproto.test');
    const equipeCookie = await signIn(b.url, 'equipe@eproto.test');
    const equipe = (await call(`${b.url}/api/users/me`, equipeCookie, 'GET')).json as {
      id: number;
    };
    // A tab on node B stays open through the outage.
    const tab = await openSse(b.url, equipeCookie);
    await tab.next((m) => m.type === 'hello');

    const load = writeLoad(a.url, cookie, await firstBoard(a.url, cookie), 2);
    const health = watchHealth(a.url);
    await waitFor('escritas antes da queda', () => load.acked().length >= 10, 60_000);

    process.kill(postmaster(path.join(dir, 'pg')).pid, 'SIGKILL');
    await db.stop();
    const killedAt = Date.now();
    await waitFor('503 durante a queda', () => load.outcomes.some((o) => o.status === 503), 10_000);
    await waitFor('saúde indisponível', () => health.seen.includes(503), 10_000);

    // The server comes back on the same address (the old backends may still be exiting).
    for (let attempt = 0; ; attempt++) {
      try {
        db = await startEmbeddedPostgres(dir, quiet, { port });
        break;
      } catch (err) {
        if (attempt > 40) throw err;
        await sleep(250);
      }
    }
    externals.push(db);
    await waitFor(
      'escrita confirmada depois da volta',
      () => load.acked().some((o) => o.at > killedAt) && health.seen.at(-1) === 200,
      15_000,
    );
    await load.stop();
    await health.stop();

    expectOnly503DuringOutage(load.outcomes);
    expect(health.seen).toEqual([200, 503, 200]);
    expect(
      await missing(
        db.url,
        load.acked().map((o) => o.id!),
      ),
    ).toEqual([]);

    // Node B listens again: its tab is told to refetch (hello), and hears node A's events.
    const hellos = () => tab.messages.filter((m) => m.type === 'hello').length;
    await waitFor('aba avisada para recarregar', () => hellos() >= 2, 15_000);
    const sent = await call(`${a.url}/api/chat/send`, cookie, 'POST', {
      to: equipe.id,
      content: 'Depois da volta do banco',
    });
    expect(sent.status).toBeLessThan(300);
    await tab.next((m) => m.type === 'chat.message', 10_000);
    tab.close();
    expect(a.proc.exitCode).toBeNull();
    expect(b.proc.exitCode).toBeNull();
  }, 180_000);

  it('external DATABASE_URL down at boot: the server waits, then starts when the database answers', async () => {
    const dir = tempDir('eproto-outage-boot-');
    const quiet = { info: () => undefined, warn: () => undefined };
    const first = await startEmbeddedPostgres(dir, quiet);
    const url = first.url;
    const port = Number(new URL(url).port);
    await first.stop();
    const app = await spawnServer({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'files') });
    servers.push(app);
    await waitFor(
      'tentativas registradas',
      () => /inacessível.*nova tentativa/.test(app.output()),
      30_000,
    );
    expect(app.proc.exitCode).toBeNull();
    const db = await startEmbeddedPostgres(dir, quiet, { port });
    externals.push(db);
    await waitReady(app, 60_000);
    const cookie = await signIn(app.url, 'gerente@eproto.test');
    expect((await call(`${app.url}/api/users/me`, cookie, 'GET')).status).toBe(200);
  }, 180_000);

  it('external DATABASE_URL that never answers: gives up after DB_BOOT_WAIT_SECONDS with a clear message', async () => {
    const app = await spawnServer({
      DATABASE_URL: `postgres://eproto:x@127.0.0.1:${await freePort()}/eproto`,
      DATA_DIR: tempDir('eproto-outage-never-', false),
      DB_BOOT_WAIT_SECONDS: '2',
    });
    servers.push(app);
    expect(await app.exited).toBe(3);
    expect(app.output()).toMatch(/inacessível há \d+ s .*DB_BOOT_WAIT_SECONDS/);
    expect(app.output()).not.toContain(':x@');
  }, 60_000);
});
