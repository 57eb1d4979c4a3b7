import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.ts';
import { dataDirWithCluster } from '../../test/pg-template.ts';
import { call, signIn, spawnServer, waitReady, type ServerProcess } from '../../test/process.ts';

// Two app processes behind one PostgreSQL, as in a scale-out deployment. The PostgreSQL is a
// copy of the run's initialised cluster (test/pg-template.ts), its database still empty.
const dir = dataDirWithCluster('eproto-cluster-');
let db: EmbeddedDb | null = null;
const nodes: ServerProcess[] = [];

afterAll(async () => {
  for (const s of nodes) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all(nodes.map((s) => s.exited));
  await db?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads a Server-Sent-Events stream until an event matches or the time runs out. */
async function waitForEvent(
  url: string,
  cookie: string,
  match: (data: string) => boolean,
  start: () => Promise<void>,
) {
  const ctrl = new AbortController();
  const res = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let started = false;
  const deadline = Date.now() + 15_000;
  try {
    while (Date.now() < deadline) {
      if (!started) {
        started = true;
        // The stream is open on the server once its first bytes arrive; act only then.
        const first = await reader.read();
        buffer += decoder.decode(first.value ?? new Uint8Array());
        await start();
      }
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value);
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const b of blocks) if (match(b)) return b;
    }
    return null;
  } finally {
    ctrl.abort();
  }
}

describe('two nodes on one database', () => {
  it('share sessions, push events across nodes and seed once', async () => {
    db = await startEmbeddedPostgres(dir, { info: () => undefined, warn: () => undefined });
    const env = { DATABASE_URL: db.url, DATA_DIR: path.join(dir, 'files') };
    const a = await spawnServer(env);
    const b = await spawnServer(env);
    nodes.push(a, b);
    await Promise.all([waitReady(a), waitReady(b)]);

    // Both nodes started on an empty database; the demo company exists exactly once.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const users = await client.query(
      "SELECT count(*)::int AS n FROM users WHERE email = 'gerente@eproto.test'",
    );
    expect(users.rows[0].n).toBe(1);

    // A session opened on node A is valid on node B, and logout on B ends it on A.
    const cookie = await signIn(a.url, 'coordenador@eproto.test');
    expect((await call(`${b.url}/api/users/me`, cookie, 'GET')).status).toBe(200);

    const equipeCookie = await signIn(b.url, 'equipe@eproto.test');
    const equipe = (await call(`${b.url}/api/users/me`, equipeCookie, 'GET')).json as {
      id: number;
    };

    // A chat message sent through node A reaches an SSE client connected to node B.
    const event = await waitForEvent(
      `${b.url}/api/events`,
      equipeCookie,
      (block) => block.includes('chat'),
      async () => {
        const sent = await call(`${a.url}/api/chat/send`, cookie, 'POST', {
          to: equipe.id,
          content: 'Mensagem entre nós do cluster',
        });
        expect(sent.status).toBeLessThan(300);
      },
    );
    expect(event).not.toBeNull();

    // Scheduled jobs ran on both nodes but left no duplicate reminder.
    const dup = await client.query(
      `SELECT user_id, mural_id, protocol_id, date_trunc('day', created_at) d, count(*)
         FROM notifications WHERE type = 'deadline_reminder'
        GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`,
    );
    expect(dup.rowCount).toBe(0);

    const out = await call(`${b.url}/api/auth/logout`, cookie, 'POST', {});
    expect(out.status).toBe(200);
    // Node A hears the invalidation through NOTIFY; allow it a moment.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await call(`${a.url}/api/users/me`, cookie, 'GET')).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
    await client.end();
  }, 240_000);
});
