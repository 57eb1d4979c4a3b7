import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

/** Debian's Chromium and how the benches launch it (same as the e2e specs). */
export { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * How long a server may take to answer before the bench gives up: BENCH_START_TIMEOUT_S, default
 * 600 s. The compiled server migrates and seeds the demo company before it is ready; on a shared
 * machine with a load of 30+ on 2 cores that passed the old fixed 120 s.
 */
function startTimeoutMs(): number {
  const s = Number(process.env.BENCH_START_TIMEOUT_S ?? 600);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 600_000;
}

/**
 * Waits until `url` answers 2xx. Patient (startTimeoutMs), but gives up at once when the server
 * process exits, and says how long it waited, the load average and how to wait longer.
 */
async function waitFor(url: string, proc: ChildProcess): Promise<void> {
  const ms = startTimeoutMs();
  const started = Date.now();
  // An object: TypeScript does not see a callback assign a plain `let`.
  const end: { exited: string | null } = { exited: null };
  const onExit = (code: number | null, signal: string | null) => {
    end.exited = `saiu com ${signal ?? `código ${String(code)}`}`;
  };
  proc.once('exit', onExit);
  try {
    while (Date.now() - started < ms) {
      if (end.exited) throw new Error(`Servidor em ${url} ${end.exited} antes de responder`);
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    proc.off('exit', onExit);
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  throw new Error(
    `Servidor não respondeu em ${url} em ${Math.round(ms / 1000)} s (carga ${load} em ` +
      `${os.cpus().length} núcleos); BENCH_START_TIMEOUT_S=<segundos> espera mais.`,
  );
}

export interface Running {
  url: string;
  proc: ChildProcess;
  stop: () => Promise<void>;
  /** DATA_DIR of an app server (removed by stop()). */
  dataDir?: string;
}

// Servers still running: stopped on Ctrl+C / SIGTERM of the bench, and sent SIGTERM (each one
// stops its own PostgreSQL) if the bench exits without stopping them.
const alive = new Set<ChildProcess>();
let hooked = false;
function track(proc: ChildProcess, stop: () => Promise<void>) {
  alive.add(proc);
  proc.once('exit', () => alive.delete(proc));
  if (hooked) return stop;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const p of alive) p.kill('SIGTERM');
      const wait = setInterval(() => {
        if (alive.size === 0) process.exit(130);
      }, 100);
      wait.unref();
      setTimeout(() => process.exit(130), 15_000);
    });
  }
  process.once('exit', () => {
    for (const p of alive) p.kill('SIGTERM');
  });
  return stop;
}

function stopper(proc: ChildProcess, cleanup?: () => void) {
  return track(
    proc,
    () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) {
          cleanup?.();
          resolve();
          return;
        }
        proc.once('exit', () => {
          cleanup?.();
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  );
}

/**
 * A private copy of apps/web/dist (like the e2e server): a rebuild by someone else during the
 * run would otherwise pull the files from under the server. A copy taken mid-build (assets
 * named by index.html missing) is taken again.
 */
async function copyWebDist(dest: string): Promise<string> {
  const src = path.join(ROOT, 'apps/web/dist');
  for (let attempt = 0; attempt < 30; attempt++) {
    fs.rmSync(dest, { recursive: true, force: true });
    try {
      fs.cpSync(src, dest, { recursive: true });
      const html = fs.readFileSync(path.join(dest, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((a) => fs.existsSync(path.join(dest, a)))) return dest;
    } catch {
      /* dist being rewritten */
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error('apps/web/dist incompleto: rode npm run build -w @eproto/web');
}

/**
 * The real E-Proto server, compiled (production build of the web app must exist) on a fresh data dir with
 * the demo company. NODE_ENV=test like the e2e server: production never seeds demo data and
 * sets Secure cookies, which plain-HTTP loopback clients would drop.
 */
export async function startApp(
  env: Record<string, string> = {},
  /** A DATA_DIR to use and keep (bench/lib/prepare-data.ts); default a fresh one, removed on stop. */
  keptDataDir?: string,
): Promise<Running> {
  // env.PORT: a fixed port (a shared machine gives each person theirs), else a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-bench-'));
  if (keptDataDir) fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  // BENCH_DATA_TEMPLATE: a stopped server's DATA_DIR already holding the generated company
  // (bench/lib/prepare-data.ts), copied so each bench starts from the same data without
  // generating it again (the 10× company takes minutes to generate).
  const template = process.env.BENCH_DATA_TEMPLATE;
  if (template && !keptDataDir) {
    // cp -a keeps owners: run as root, the embedded PostgreSQL runs as its own user and
    // refuses a data directory it does not own (fs.cpSync would hand it to root).
    const cp = spawnSync('cp', ['-a', `${template}/.`, dir]);
    if (cp.status !== 0) throw new Error(`cópia de ${template} falhou: ${String(cp.stderr)}`);
    fs.rmSync(path.join(dir, 'pg', 'postmaster.pid'), { force: true });
    fs.rmSync(path.join(dir, 'eproto.lock'), { force: true });
  }
  const web = await copyWebDist(path.join(dir, 'web'));
  // The compiled server under plain node, as production runs it (built here when stale), or
  // BENCH_SERVER_ENTRY: another build (`node scripts/build-server.mjs --outdir /tmp/base`, e.g.
  // the code before a change) run on the same data, for a before/after.
  const entry = process.env.BENCH_SERVER_ENTRY ?? (await ensureServerBuilt());
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/p).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_LOG: a file for the server's log (warnings and errors: a 500's stack).
  const log = process.env.BENCH_SERVER_LOG
    ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a')
    : 'ignore';
  const proc = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    stdio: ['ignore', log, 'inherit'],
    env: {
      ...process.env,
      // 'test' behaves like production (no request logs, built SPA) but may load the demo company.
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      WEB_DIST: web,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(proc, () => {
    if (!keptDataDir) fs.rmSync(dir, { recursive: true, force: true });
  });
  try {
    await waitFor(`${url}/api/ready`, proc);
  } catch (e) {
    // A server left starting would hold the port (and its PostgreSQL) for the next run.
    await stop();
    throw e;
  }
  return { url, proc, dataDir: dir, stop };
}

/** A bare Fastify handler in its own process: the reference for throughput. */
export async function startBare(): Promise<Running> {
  const port = await freePort();
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/lib/bare-server.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port) },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(proc);
  try {
    await waitFor(`${url}/`, proc);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, proc, stop };
}

/** Signs in through the API and returns the Cookie header. */
export async function signIn(url: string, email: string, password = 'eproto123'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'eproto' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login falhou: ${res.status}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0]!;
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

/** Writes a JSON report into bench/results/. */
export function writeReport(name: string, data: unknown): string {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2),
  );
  return file;
}

/** Headers of an answer that belong to the connection, not to the answer itself. */
const HOP_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

export interface RawAnswer {
  status: number;
  type: string;
  encoding: string;
  /** Every other header of the answer (security headers, ETag, cache control...). */
  headers: Record<string, string>;
  body: Buffer;
}

/** One raw answer (body bytes as sent, still gzip-encoded when it was) with its headers. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? 'application/json'),
          encoding: String(res.headers['content-encoding'] ?? ''),
          headers: Object.fromEntries(
            Object.entries(res.headers)
              .filter(([name]) => !HOP_HEADERS.has(name))
              .map(([name, value]) => [name, String(value)]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Makes the bare server's GET /answer send exactly these bytes, status and headers. */
export async function mirrorAnswer(bareUrl: string, a: RawAnswer): Promise<void> {
  const res = await fetch(`${bareUrl}/answer`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/octet-stream',
      'x-answer-type': a.type,
      'x-answer-encoding': a.encoding,
      'x-answer-status': String(a.status),
      'x-answer-headers': Buffer.from(JSON.stringify(a.headers)).toString('base64'),
    },
    body: new Uint8Array(a.body),
  });
  if (!res.ok) throw new Error(`servidor puro recusou a resposta: ${res.status}`);
}
