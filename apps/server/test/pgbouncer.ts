import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './process.ts';

/** Debian's PgBouncer (`apt-get install pgbouncer`; `npm test` installs it when root). */
export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export const pgbouncerAvailable = () => fs.existsSync(PGBOUNCER);

export interface TestPgBouncer {
  /** The same database as `directUrl`, reached through PgBouncer. */
  pooledUrl: string;
  /** Server connections PgBouncer opens per database and user. */
  serverConnections: number;
  output: () => string;
  stop: () => Promise<void>;
}

async function waitForPort(port: number, proc: ChildProcess, output: () => string) {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`pgbouncer encerrou:\n${output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`pgbouncer não abriu a porta ${port}:\n${output()}`);
}

/**
 * Starts PgBouncer in transaction mode on 127.0.0.1 (a free port) in front of the PostgreSQL
 * of `directUrl`, with only `serverConnections` server connections, so the app's pooled
 * connections share them statement by statement as in production. As root it runs as nobody
 * (PgBouncer refuses root).
 */
export async function startPgBouncer(directUrl: string, serverConnections = 3) {
  const target = new URL(directUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-pgbouncer-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `${q(user)} ${q(password)}\n`, { mode: 0o644 });
  const ini = [
    '[databases]',
    `* = host=${target.hostname} port=${target.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = md5',
    `auth_file = ${path.join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${serverConnections}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    'max_client_conn = 200',
    'ignore_startup_parameters = extra_float_digits',
    'server_check_delay = 0',
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
  const iniPath = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(iniPath, ini, { mode: 0o644 });
  const args = process.getuid?.() === 0 ? ['-u', 'nobody', iniPath] : [iniPath];
  const proc = spawn(PGBOUNCER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  await waitForPort(port, proc, () => out);
  const pooled = new URL(directUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  return {
    pooledUrl: pooled.toString(),
    serverConnections,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  } satisfies TestPgBouncer;
}
