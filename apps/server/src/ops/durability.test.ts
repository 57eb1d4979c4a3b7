import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirWithCluster } from '../../test/pg-template.ts';
import { call, signIn, spawnServer, waitReady, type ServerProcess } from '../../test/process.ts';

// The embedded cluster's DATA_DIR, copied from the run's (test/pg-template.ts): no initdb.
const dir = dataDirWithCluster('eproto-durable-');
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  const pidFile = path.join(dir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 1500));
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('durability', () => {
  it('keeps every acknowledged write and no half-written demand after SIGKILL mid-burst', async () => {
    const first = await spawnServer({ DATA_DIR: dir, DATABASE_URL: undefined });
    servers.push(first);
    await waitReady(first);
    const cookie = await signIn(first.url, 'gerente@eproto.test');
    const boards = (await call(`${first.url}/api/eproto/boards`, cookie, 'GET')).json as
      Array<{ id: number }> | { items: Array<{ id: number }> };
    const boardId = (Array.isArray(boards) ? boards : boards.items)[0]!.id;

    const acked: number[] = [];
    let sent = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && sent < 400) {
        const n = sent++;
        try {
          const res = await call(`${first.url}/api/eproto/murals`, cookie, 'POST', {
            titulo: `Rajada ${n}`,
            board_id: boardId,
            prioridade: 'media',
          });
          if (res.status === 200 || res.status === 201) acked.push((res.json as { id: number }).id);
        } catch {
          return; // connection cut by the kill
        }
        if (acked.length >= 60 && !killed) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await first.exited;
    expect(acked.length).toBeGreaterThanOrEqual(60);

    const second = await spawnServer({ DATA_DIR: dir, DATABASE_URL: undefined });
    servers.push(second);
    await waitReady(second);
    const c2 = await signIn(second.url, 'gerente@eproto.test');
    for (const id of acked) {
      const got = await call(`${second.url}/api/eproto/murals/${id}`, c2, 'GET');
      expect(got.status, `demanda ${id} confirmada e perdida`).toBe(200);
    }
    // Every demand of the burst that exists (acknowledged or not) is whole: it has its history.
    const all = await call(
      `${second.url}/api/eproto/murals/summary?perPage=100&q=Rajada`,
      c2,
      'GET',
    );
    const items =
      (all.json as { items?: Array<{ id: number }> }).items ?? (all.json as Array<{ id: number }>);
    expect(items.length).toBeGreaterThanOrEqual(acked.length > 100 ? 100 : acked.length);
    for (const m of items) {
      const h = await call(`${second.url}/api/eproto/murals/${m.id}/history`, c2, 'GET');
      const rows = (h.json as { items?: unknown[] }).items ?? (h.json as unknown[]);
      expect(rows.length, `demanda ${m.id} sem histórico`).toBeGreaterThan(0);
    }
  }, 240_000);
});
