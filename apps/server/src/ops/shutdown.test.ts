import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirWithCluster } from '../../test/pg-template.ts';
import { freePort, ROOT, signIn } from '../../test/process.ts';
import { openSse } from '../../test/sse.ts';

// Issue 38.9: a server whose stdout is a pipe nobody reads (full) still answers, and SIGTERM
// ends it within SHUTDOWN_TIMEOUT_SECONDS, with an SSE stream and the embedded PostgreSQL open.

const dirs: string[] = [];
const procs: ChildProcess[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** GET with a fresh connection each time; resolves with the status. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`sem resposta: ${url}`)));
    req.on('error', reject);
  });
}

describe('shutdown with a stdout nobody reads', () => {
  it('keeps answering with stdout full, then exits within the bound on SIGTERM', async () => {
    const dir = dataDirWithCluster('eproto-shutdown-');
    dirs.push(dir);
    const port = await freePort();
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
      {
        cwd: ROOT,
        // stdout: a pipe this test never reads; stderr is read (boot errors).
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'debug',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          DEMO_MODE: 'true',
          SHUTDOWN_TIMEOUT_SECONDS: '4',
        },
      },
    );
    procs.push(proc);
    proc.stdout.pause();
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      proc.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 120_000;
    while ((await get(`${url}/api/ready`).catch(() => 0)) !== 200) {
      if (proc.exitCode !== null) throw new Error(`servidor encerrou:\n${stderr}`);
      if (Date.now() > until) throw new Error(`servidor não ficou pronto:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 300));
    }

    // Each request logs two lines (development): ~3,000 requests write well over 1 MiB,
    // more than a pipe holds (64 KiB by default, 1 MiB at most for an unprivileged process).
    for (let i = 0; i < 300; i++) {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, () => get(`${url}/api/health`)),
      );
      expect(statuses).toEqual(Array(10).fill(200));
    }
    // A realtime stream stays open across the stop (it never ends by itself).
    const tab = await openSse(url, await signIn(url, 'gerente@eproto.test'));

    const signalled = Date.now();
    proc.kill('SIGTERM');
    const { code, at } = await exited;
    tab.close();
    // 4 s of graceful stop, then the hard exit; 3 s of slack on a shared machine.
    expect(at - signalled, stderr).toBeLessThan(7_000);
    expect(code).not.toBeNull();
    // The embedded PostgreSQL child did not stay behind holding the data directory.
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    const pgDeadline = Date.now() + 10_000;
    while (fs.existsSync(pidFile) && Date.now() < pgDeadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 240_000);
});
