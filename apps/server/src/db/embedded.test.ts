import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirWithCluster } from '../../test/pg-template.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// A copy of the run's initialised cluster (test/pg-template.ts): what is tested here is the
// second start, after kill -9; the first start of an empty DATA_DIR is ops/compiled.test.ts.
const dir = dataDirWithCluster('eproto-proc-');
const procs: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

function startServer(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
  };
  delete env.DATABASE_URL;
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
    {
      cwd: ROOT,
      env,
    },
  );
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  procs.push(proc);
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, exited, output: () => output };
}

async function ready(port: number, server: ReturnType<typeof startServer>, ms = 90_000) {
  const { proc, output } = server;
  const until = Date.now() + ms;
  while (Date.now() < until && proc.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`servidor não ficou pronto:\n${output()}`);
}

/**
 * A server on a free port, ready. The port is probed free, then released; another process
 * (this server's own PostgreSQL, or a test beside it) may take it before the server listens:
 * then the server stops with EADDRINUSE and the next port is tried.
 */
async function startReady() {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = startServer(port);
    try {
      await ready(port, server);
      return { ...server, port };
    } catch (e) {
      if (attempt < 3 && /EADDRINUSE/.test(server.output())) {
        await server.exited;
        continue;
      }
      throw e;
    }
  }
}

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  // Stop any postmaster left by the killed server before removing its folder.
  const pidFile = path.join(dir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* gone */
    }
    await new Promise((r) => setTimeout(r, 1500));
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL in DATA_DIR', () => {
  it('keeps committed rows across kill -9 and refuses a second process on the same folder', async () => {
    const first = await startReady();
    const port = first.port;

    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'eproto' },
      body: JSON.stringify({ email: 'gerente@eproto.test', password: 'eproto123' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const second = startServer(await freePort());
    expect(await second.exited).toBe(2);
    expect(second.output()).toMatch(/já usa a pasta de dados/);
    expect(second.output()).toMatch(/already using data directory/);

    first.proc.kill('SIGKILL');
    await first.exited;

    const again = await startReady();
    const port2 = again.port;
    const me = await fetch(`http://127.0.0.1:${port2}/api/users/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('gerente@eproto.test');
    again.proc.kill('SIGTERM');
    expect(await again.exited, again.output()).toBe(0);
  }, 180_000);
});
